import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';
import { NAME_PARTICLES } from './name-particles.js';

/**
 * The value of a field that names a person's name, in JSON, tool arguments, YAML, forms or query
 * strings ("last_name": "Kowalczyk", given_name: Xoana, cognome=Cadoni), is a name even where the
 * model missed or doubted it. Only keys that can mean nothing but a person's name count: "name",
 * "nom", "nome" and "nombre" also name products and files, and are left to the model.
 */

const NAME_KEYS: ReadonlySet<string> = new Set([
  // English
  'firstname',
  'lastname',
  'middlename',
  'surname',
  'surnames',
  'givenname',
  'givennames',
  'familyname',
  'fullname',
  'forename',
  'forenames',
  'maidenname',
  'birthname',
  'personname',
  'customername',
  'clientname',
  'patientname',
  'contactname',
  'employeename',
  'cardholder',
  'cardholdername',
  'accountholder',
  'accountholdername',
  'recipientname',
  'sendername',
  // German
  'vorname',
  'vornamen',
  'nachname',
  'familienname',
  'geburtsname',
  'rufname',
  // French
  'prenom',
  'prenoms',
  'nomdefamille',
  'nomdenaissance',
  'nomcomplet',
  // Spanish
  'apellido',
  'apellidos',
  'primerapellido',
  'segundoapellido',
  'nombrecompleto',
  // Italian
  'cognome',
  'nomecompleto',
  'nomeecognome',
]);

/** Values that fill a name field without being a name. */
const PLACEHOLDERS: ReadonlySet<string> = new Set([
  'null',
  'none',
  'nil',
  'undefined',
  'unknown',
  'n/a',
  'na',
  'string',
  'str',
  'text',
  'tbd',
  'todo',
  'redacted',
  'anonymous',
  'anonym',
  'inconnu',
  'sconosciuto',
  'desconocido',
  'unbekannt',
]);

// Up to three words: "last_name", "Nom de famille", "Customer full name" (whose last words are the key).
// Words of at most 32 characters keep the scan linear ("a.a.a.a…" would otherwise be one key from every dot).
const KEY = String.raw`[\p{L}][\p{L}\p{M}_.-]{0,31}(?:[ \t][\p{L}][\p{L}\p{M}_.-]{0,31}){0,2}`;
// key (quoted or not) ":" or "=", then a quoted value or an unquoted one up to a separator or the line end.
const FIELD = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}_])(["']?)(${KEY})\1[ \t]*[:=][ \t]*(?:"([^"\n]{1,80})"|'([^'\n]{1,80})'|([^\s"'{}\[\],;&=<>|][^\n"'{}\[\],;&=<>|]{0,79}))`,
  'gu',
);
const NAME_WORD = /^[\p{L}\p{M}][\p{L}\p{M}'’.-]*$/u;
const CAPITALISED = /^[\p{Lu}\p{Lt}]/u;
// Particles and the conjunctions of double surnames ("Puigdomènech i Vila", "Ortega y Gasset").
const INNER_WORDS: ReadonlySet<string> = new Set([...NAME_PARTICLES, 'y', 'i', 'e']);
const MAX_WORDS = 5;
const FIELD_NAME_SCORE = 0.8;

export const normalizedKey = (key: string) =>
  key
    .normalize('NFD')
    .replace(/[\p{M}_.-]/gu, '')
    .toLowerCase();

/** Whether the key, or its last one or two words, names a person's name ("Customer last name"). */
export function isNameKey(key: string): boolean {
  const words = normalizedKey(key).split(/[ \t]+/);
  for (let i = 0; i < words.length; i++) if (NAME_KEYS.has(words.slice(i).join(''))) return true;
  return false;
}

/**
 * The name a field value holds, or null when it holds none (a placeholder, digits, a sentence). A
 * quoted value is all name or none; an unquoted one runs to the line end, so its name is the words at
 * its start that look like one, the first capitalised or a known name ("surname: see above" stays
 * text).
 */
export function nameIn(
  value: string,
  quoted: boolean,
  isPersonName: (word: string) => boolean,
): string | null {
  const words = value.trim().split(/\s+/);
  if (quoted) {
    const name = value.trim();
    if (!name || PLACEHOLDERS.has(name.toLowerCase())) return null;
    return words.length <= MAX_WORDS && words.every((w) => NAME_WORD.test(w)) ? name : null;
  }
  const taken: string[] = [];
  for (const word of words.slice(0, MAX_WORDS)) {
    const bare = word.replace(/(?<=\p{L}{2})\.$/u, '');
    if (!NAME_WORD.test(bare)) break;
    const fits = CAPITALISED.test(bare) || isPersonName(bare) || (taken.length > 0 && INNER_WORDS.has(bare));
    if (!fits) break;
    taken.push(bare);
    if (bare !== word) break;
  }
  while (taken.length && INNER_WORDS.has(taken.at(-1)!)) taken.pop();
  const name = taken.join(' ');
  if (!name || PLACEHOLDERS.has(name.toLowerCase())) return null;
  return value.trimStart().startsWith(name) ? name : null;
}

/**
 * `spans`: the model's spans of one text, sorted by start, not overlapping, before the score
 * threshold. Returns them with the names of name fields added where the model was less sure.
 * `isPersonName`: one word is in the model's first-name or surname list.
 */
export function addFieldNames(
  text: string,
  spans: readonly Span[],
  isPersonName: (word: string) => boolean,
): Span[] {
  const names: Span[] = [];
  FIELD.lastIndex = 0;
  for (let match = FIELD.exec(text); match; match = FIELD.exec(text)) {
    if (!isNameKey(match[2]!)) continue;
    const value = match[3] ?? match[4] ?? match[5]!;
    const name = nameIn(value, match[5] === undefined, isPersonName);
    if (!name) continue;
    const valueStart = match.index + match[0].length - value.length - (match[5] === undefined ? 1 : 0);
    const start = valueStart + value.indexOf(name);
    names.push(ruleName(start, start + name.length, FIELD_NAME_SCORE));
  }
  return withAddedNames(spans, names);
}
