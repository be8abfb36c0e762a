import type { Span } from '../types.js';

/**
 * Projects, operations and meeting rooms are named after people, places and stars, and the model
 * reads the name as one: "Project Phoenix", "Progetto Aurora", "salle Jupiter". A person span right
 * after a project or room word ("Besprechungsraum Sonnenblick", "la Sala Jardín"), and a person or
 * place span the model started with a room word, are dropped. A place right after a room word stays:
 * "Raum Berlin" is also the Berlin area. Products and colours of shop catalogues likewise, after a
 * product word or with it ("Bague Iris Torsadée", "coloris Gris Orage").
 */

const PROJECT_WORDS = [
  'project',
  'projekt',
  'projet',
  'proyecto',
  'progetto',
  'codename',
  'code name',
  'operation',
  'opération',
  'operación',
  'operazione',
];
// Capitalised, "Sala", "Salle", "Saal" and "Raum" begin town names ("Sala Consilina"): only in lower
// case are they the room words.
const ROOM_WORDS_ANY_CASE = [
  'room',
  'meeting room',
  'konferenzraum',
  'besprechungsraum',
  'besprechungszimmer',
];
const ROOM_WORDS_LOWER_CASE = ['sala', 'salle', 'saal', 'raum'];
/**
 * Products and their colours are named like people in shop catalogues: "Bague Iris Torsadée",
 * "Lampada Sabbia", "coloris Gris Orage", "Anello Viola Intrecciato". Not "ring" (also a verb before
 * a name: "ring Anna tomorrow").
 */
const PRODUCT_WORDS = [
  ...['bague', 'anello', 'anillo', 'collier', 'collana', 'collar', 'necklace', 'bracelet', 'bracciale'],
  ...['pulsera', 'armband', 'lampe', 'lampada', 'lámpara', 'lamp', 'leuchte', 'vase', 'vaso', 'sofa'],
  ...['canapé', 'divano', 'sofá', 'fauteuil', 'poltrona', 'sillón', 'sessel', 'armchair', 'tapis', 'tappeto'],
  ...['alfombra', 'teppich', 'rug', 'coussin', 'cuscino', 'cojín', 'kissen', 'cushion', 'table basse'],
  ...['tavolino', 'couchtisch', 'mesa baja', 'coffee table'],
  ...['coloris', 'couleur', 'colore', 'colour', 'color', 'farbe', 'farbton', 'shade', 'tonalità', 'teinte'],
];
const PRODUCT_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{M}])(?:${PRODUCT_WORDS.join('|')})[ \t]$`, 'iu');
/** A product word the model took into the name, maybe after an elided article ("dell'Anello Viola"). */
const PRODUCT_FIRST = new RegExp(String.raw`^(?:\p{L}+['’])?(?:${PRODUCT_WORDS.join('|')})[ \t]+\S`, 'iu');
const ROOM_BEFORE = new RegExp(
  String.raw`(?<![\p{L}\p{M}])(?:${[...ROOM_WORDS_ANY_CASE, ...ROOM_WORDS_LOWER_CASE].join('|')})[ \t]$`,
  'iu',
);
const PROJECT_BEFORE = new RegExp(String.raw`(?<![\p{L}\p{M}])(?:${PROJECT_WORDS.join('|')})[ \t]$`, 'iu');
const ROOM_FIRST_ANY_CASE = new RegExp(String.raw`^(?:${ROOM_WORDS_ANY_CASE.join('|')})[ \t]+\S`, 'iu');
const ROOM_FIRST_LOWER_CASE = new RegExp(String.raw`^(?:${ROOM_WORDS_LOWER_CASE.join('|')})[ \t]+\S`, 'u');

export function withoutNamedThings(text: string, spans: readonly Span[]): Span[] {
  return spans.filter((span) => {
    if (span.entity_type !== 'PERSON' && span.entity_type !== 'LOCATION') return true;
    const value = text.slice(span.start, span.end);
    if (ROOM_FIRST_ANY_CASE.test(value) || ROOM_FIRST_LOWER_CASE.test(value)) return false;
    if (span.entity_type !== 'PERSON') return true;
    if (PRODUCT_FIRST.test(value)) return false;
    const before = text.slice(Math.max(0, span.start - 20), span.start);
    return !PROJECT_BEFORE.test(before) && !ROOM_BEFORE.test(before) && !PRODUCT_BEFORE.test(before);
  });
}
