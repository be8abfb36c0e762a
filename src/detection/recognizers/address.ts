import type { Span } from '../types.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';

/**
 * Street addresses in the usual written forms of en/de/fr/es/it:
 *   "221B Baker Street", "1600 Pennsylvania Ave NW, Washington, DC 20500"   (number, name, street type)
 *   "Hauptstraße 12, 10115 Berlin", "Berliner Straße 5a"                     (name + street type, number)
 *   "12 rue de la Paix, 75002 Paris"                                         (number, street type, name)
 *   "Calle Mayor 5, 28013 Madrid", "Via Roma 10, 00184 Roma"                 (street type, name, number)
 * A street needs a capitalised name and a house number; a postcode/city tail or an address word
 * nearby ("address", "wohne", "habite", "vivo", "abito" …) raises the score.
 */

const SCORE_STREET = 0.65;
/** An Italian or Spanish street type written in lower case ("via", "calle") is also an ordinary word. */
const SCORE_LOWERCASE_TYPE = 0.45;
/** "In 2020 Oxford Street …": a year where the house number would be, and nothing else to confirm it. */
const SCORE_YEAR_AS_NUMBER = 0.35;
const SCORE_WEAK_TYPE = 0.45;
// A postcode and town (or a flat number) after the street make a postal address all but certain.
const TAIL_BONUS = 0.3;

const B = String.raw`(?<![\p{L}\p{N}_])`;
const E = String.raw`(?![\p{L}\p{N}_])`;
/** A capitalised word, not glued to digits ("NW1" is a postcode, not a name). */
const CAP = String.raw`\p{Lu}[\p{L}\p{M}'’\-]{0,30}(?![\p{L}\p{N}])`;
/** One or two spaces; S0: an optional one; S02: up to two. */
const S = String.raw`[ \t\u00a0]{1,2}`;
const S0 = String.raw`[ \t\u00a0]?`;
const S02 = String.raw`[ \t\u00a0]{0,2}`;
/** House number written after the street name: "12", "12a", "12-14", "12 / 1". */
const NUMBER_AFTER = String.raw`\d{1,4}[a-zA-Z]?(?:${S0}[-/]${S0}\d{1,4}[a-zA-Z]?)?`;

/** Capitalises the first letter as a class: "rue" -> "[Rr]ue". */
function cap(word: string): string {
  const first = word[0]!;
  return `[${first.toUpperCase()}${first.toLowerCase()}]${word.slice(1).replace(/\./g, '\\.')}`;
}

function alternation(
  words: string[],
  transform: (w: string) => string = (w) => w.replace(/\./g, '\\.'),
): string {
  return `(?:${[...words]
    .sort((a, b) => b.length - a.length)
    .map(transform)
    .join('|')})`;
}

// ---- tails: postcode and city ----

/** A line break inside an address ("221B Baker Street\nLondon NW1 6XE"), with an optional comma. */
const NL = String.raw`,?[ \t\u00a0]{0,2}\r?\n[ \t\u00a0]{0,4}`;
/** What separates the parts of an address: a comma, spaces or a line break. */
const SEP = String.raw`(?:,?${S}|,|${NL})`;
// Capitalised words that start the next sentence rather than continue a town name ("… 00184 Roma Please call").
// prettier-ignore
const NOT_A_TOWN_WORD = String.raw`(?!(?:The|This|That|These|Please|Thanks|Thank|Hi|Hello|I|We|You|He|She|It|They|My|Our|Your|And|But|Or|If|When|Call|Phone|Tel|Email|Mail|Die|Der|Das|Bitte|Danke|Ich|Wir|Sie|Er|Es|Und|Aber|Mein|Meine|Unser|Unsere|Le|La|Les|Merci|Je|Nous|Vous|Il|Elle|Et|Mais|Mon|Ma|Notre|El|Los|Las|Gracias|Yo|Nosotros|Usted|Y|Pero|Mi|Nuestro|Grazie|Io|Noi|Lei|E|Ma|Mio|Mia|Nostro|Per|Con|Von|Mit|Für|Pour|Avec|Para|Por)(?![\p{L}\p{M}'’-]))`;
// Words that start a new sentence but never a town ("221B Baker Street, Please call"); articles are
// missing on purpose ("The Hague", "Le Havre", "Los Angeles").
// prettier-ignore
const NOT_A_TOWN_START = String.raw`(?!(?:Please|Thanks|Thank|Hi|Hello|I|We|You|He|She|It|They|My|Our|Your|And|But|Or|If|When|Call|Phone|Tel|Email|Mail|Best|Regards|Cheers|Bitte|Danke|Ich|Wir|Merci|Je|Nous|Vous|Gracias|Grazie)(?![\p{L}\p{M}'’-]))`;
const CITY = String.raw`${NOT_A_TOWN_START}${CAP}(?:(?:${S}|-)(?:(?:am|an der|im|sur|de|del|di|upon|on)${S})?${NOT_A_TOWN_WORD}${CAP}){0,2}`;
const UK_POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?${S0}\d[A-Z]{2}(?![\p{L}\p{N}])`;
const US_STATE_ZIP = String.raw`[A-Z]{2}${S}\d{5}(?:-\d{4})?(?!\d)`;
/**
 * ", Washington, DC 20500" / ", London NW1 6XE" / ", Springfield" / "\nLondon\nSW1A 2AA". After a line
 * break the city must come with a ZIP or postcode: a capitalised word on the next line may be anything.
 */
const EN_TAIL = String.raw`(?:,${S}${CITY}(?:,?${S}${US_STATE_ZIP}|${SEP}${UK_POSTCODE})?|${NL}${CITY}(?:,?${S}${US_STATE_ZIP}|${SEP}${UK_POSTCODE})|${SEP}${UK_POSTCODE})`;
/** ", 10115 Berlin" / " 75002 Paris" / "\n00184 Roma (RM)" */
const EU_TAIL = String.raw`(?:${SEP}(?:[A-Z]{1,2}-)?\d{5}${S}${CITY}(?:${S}(?:\([A-Z]{2}\)|[A-Z]{2}(?![\p{L}])|CEDEX))?)`;
const EN_UNIT = String.raw`(?:,?${S}(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Room|#)\.?${S02}#?[A-Za-z0-9-]{1,6})`;
// prettier-ignore
const EU_UNIT_WORDS = alternation(
  ['App', 'Appartement', 'Apt', 'Bât', 'Bâtiment', 'Esc', 'Escalera', 'Piso', 'Puerta', 'Pta', 'Scala', 'Sc', 'Int',
    'Interno', 'Piano', 'Wohnung', 'Whg', 'Étage'],
  cap,
);
/** Floor, staircase or flat between the house number and the postcode: "3. OG", "3º B", "Bât. A", "scala B". */
const EU_UNIT = String.raw`(?:,${S}(?:\d{1,2}\.?${S0}(?:OG|Stock|Etage|EG|DG|piso|planta|piano|étage)|\d{1,2}[º°ª]${S0}[A-Za-z0-9]{0,4}|${EU_UNIT_WORDS}\.?${S0}[A-Za-z0-9]{1,4}))`;

// ---- en: "221B Baker Street", "1600 Pennsylvania Ave NW" ----

// prettier-ignore
const EN_TYPES_STRONG = [
  'Street', 'St.', 'St', 'Avenue', 'Ave.', 'Ave', 'Road', 'Rd.', 'Rd', 'Boulevard', 'Blvd.', 'Blvd', 'Lane', 'Ln.',
  'Ln', 'Drive', 'Dr.', 'Dr', 'Parkway', 'Pkwy', 'Highway', 'Hwy',
];
// Street types that are also everyday words ("5 Million Dollars Way"): they need a tail or an address word.
// prettier-ignore
const EN_TYPES_WEAK = [
  'Court', 'Ct.', 'Ct', 'Place', 'Pl.', 'Square', 'Sq.', 'Terrace', 'Way', 'Circle', 'Crescent', 'Close', 'Gardens',
  'Grove', 'Row', 'Mews', 'Walk', 'Alley', 'Trail', 'Plaza', 'Loop',
];
const EN_TYPES = alternation([...EN_TYPES_STRONG, ...EN_TYPES_WEAK]);
const EN_WEAK_TYPE_AT_END = new RegExp(`${alternation(EN_TYPES_WEAK)}$`);
const EN_STREET = new RegExp(
  String.raw`${B}(?:(?:Flat|Apt|Unit)\.?${S}\d{1,4}[A-Za-z]?,${S})?(?<number>\d{1,5}[A-Za-z]?(?:-\d{1,5})?)${S}(?:(?:${CAP}|\d{1,3}(?:st|nd|rd|th))${S}){1,3}(?<type>${EN_TYPES})(?:${S}(?:NW|NE|SW|SE|N|S|E|W)\.?)?${E}(?<unit>${EN_UNIT})?(?<tail>${EN_TAIL})?`,
  'gu',
);

// ---- de: "Hauptstraße 12", "Berliner Straße 5a", "Unter den Linden 77, 10117 Berlin" ----

// prettier-ignore
const DE_SUFFIXES = alternation([
  'straße', 'strasse', 'str.', 'weg', 'allee', 'platz', 'gasse', 'ring', 'damm', 'ufer', 'chaussee', 'steig',
  'pfad', 'stieg', 'promenade', 'graben', 'markt', 'kai',
]);
// prettier-ignore
const DE_TYPE_WORDS = alternation(
  ['Straße', 'Strasse', 'Str.', 'Weg', 'Allee', 'Platz', 'Gasse', 'Ring', 'Damm', 'Ufer', 'Chaussee', 'Markt'],
);
// Every German street ends in one of the street words right before its number; the costly
// street regex runs only on texts that have one.
const DE_HINT = new RegExp(
  String.raw`(?:stra(?:ß|ss)e|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|pfad|stieg|promenade|graben|markt|kai)${S0}\d`,
  'iu',
);
const DE_STREET = new RegExp(
  String.raw`${B}(?:\p{Lu}[\p{Ll}\p{M}\-]{1,30}${DE_SUFFIXES}|(?:${CAP}${S}){1,2}${DE_TYPE_WORDS})${S0}${NUMBER_AFTER}${E}${EU_UNIT}?(?<tail>${EU_TAIL})?`,
  'gu',
);
// Prefix forms are common words too ("Im Jahr 2020"), so they count only with a postcode and city.
const DE_PREFIXED = new RegExp(
  String.raw`${B}(?:Am|An der|An den|Auf der|Auf dem|Im|In der|Zum|Zur|Hinter der|Unter den)${S}${CAP}${S}${NUMBER_AFTER}${E}${EU_UNIT}?(?<tail>${EU_TAIL})`,
  'gu',
);

// ---- fr: "12 rue de la Paix", "5 bis avenue des Champs-Élysées" ----

// prettier-ignore
const FR_TYPES = alternation(
  [
    'rue', 'avenue', 'av.', 'boulevard', 'bd', 'place', 'allée', 'allee', 'impasse', 'chemin', 'quai', 'route',
    'cours', 'passage', 'square', 'faubourg', 'rond-point', 'voie', 'sentier', 'esplanade', 'promenade', 'parvis',
    'cité',
  ],
  cap,
);
const FR_LINK = String.raw`(?:de la|de l['’]|du|des|de|d['’]|l['’]|la|le|les|aux|au|sur|sous|en|et)`;
const FR_NAME = String.raw`(?:${FR_LINK}${S02})?${CAP}(?:(?:${S}|-)(?:${FR_LINK}${S02})?${CAP}){0,4}`;
const FR_STREET = new RegExp(
  String.raw`${B}\d{1,4}(?:${S0}(?:bis|ter|quater|[A-D]))?,?${S}${FR_TYPES}${S}${FR_NAME}${E}${EU_UNIT}?(?<tail>${EU_TAIL})?`,
  'gu',
);

// ---- es / it: "Calle Mayor 5", "Avenida de la Constitución, 12", "Via XX Settembre 5" ----

// prettier-ignore
const ES_TYPES = ['Calle', 'C/', 'Avenida', 'Avda.', 'Avda', 'Av.', 'Plaza', 'Pza.', 'Paseo', 'Camino', 'Carretera',
  'Ctra.', 'Ronda', 'Travesía', 'Glorieta', 'Rambla', 'Callejón', 'Vía',
  // Catalan
  'Carrer', 'Avinguda', 'Passeig', 'Plaça', 'Ronda', 'Travessera'];
// prettier-ignore
const IT_TYPES = ['Via', 'Viale', 'V.le', 'Piazza', 'P.za', 'P.zza', 'Piazzale', 'Corso', 'C.so', 'Largo', 'Vicolo',
  'Lungomare', 'Lungotevere', 'Strada', 'Contrada', 'Borgo', 'Salita', 'Vico'];
const ES_IT_LINK = String.raw`(?:de la|de los|de las|del|de|la|el|los|las|y|della|dello|delle|degli|dei|di|da|dal|sul|sulla|al|alla)`;
const ES_IT_NAME = String.raw`(?:${ES_IT_LINK}${S})?${CAP}(?:${S}(?:${ES_IT_LINK}${S})?${CAP}){0,4}`;
const TYPE_FIRST = (types: string[]) =>
  new RegExp(
    String.raw`${B}(?:(?<type>${alternation(types, cap)})${S}${ES_IT_NAME}|Gran V[ií]a),?${S}(?:(?:n\.?|nº|n°|no\.|núm\.)${S0})?${NUMBER_AFTER}${E}${EU_UNIT}?(?<tail>${EU_TAIL})?`,
    'gu',
  );
const ES_STREET = TYPE_FIRST(ES_TYPES);
const IT_STREET = TYPE_FIRST(IT_TYPES);

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    // en
    'address', 'addr', 'live', 'lives', 'living', 'located', 'reside', 'resides', 'ship', 'shipping', 'deliver',
    'delivery', 'mail', 'moved',
    // de
    'adresse', 'anschrift', 'wohne', 'wohnt', 'wohnhaft', 'wohnort', 'lieferadresse', 'postanschrift', 'umgezogen',
    // fr
    'habite', 'habitons', 'domicile', 'domicilié', 'domiciliée', 'livraison', 'demeurant',
    // es
    'dirección', 'direccion', 'domicilio', 'vivo', 'vive', 'vivimos', 'resido', 'envío', 'envio',
    // it
    'indirizzo', 'abito', 'abita', 'residente', 'residenza', 'domiciliato', 'domiciliata', 'sede', 'spedizione',
  ]),
  negative: contextWords([
    // "Top 3 Park Avenue restaurants", "Section 4 Main Street Partners": numbered things, not house numbers
    'top', 'section', 'chapter', 'part', 'step', 'phase', 'page', 'item', 'rank', 'grade', 'season', 'episode',
    'volume', 'vol', 'figure', 'table', 'appendix', 'question', 'slide', 'round', 'level', 'stage', 'tier',
    // company names made of a street name: "Main Street Partners LLC"
    'partners', 'llc', 'inc', 'ltd', 'capital', 'holdings', 'group', 'ventures', 'associates',
  ]),
  before: 6,
  after: 2,
};

function isYear(houseNumber: string | undefined): boolean {
  const n = Number(houseNumber);
  return /^\d{4}$/.test(houseNumber ?? '') && n >= 1900 && n <= 2099;
}

export function findAddressSpans(text: string): Span[] {
  const spans: Span[] = [];
  const push = (m: RegExpMatchArray, base: number) => {
    const start = m.index!;
    const end = start + m[0].length;
    const confirmed = m.groups?.['tail'] !== undefined || m.groups?.['unit'] !== undefined;
    const score = scoreInContext(text, start, end, confirmed ? base + TAIL_BONUS : base, CONTEXT);
    spans.push(patternSpan('STREET_ADDRESS', start, end, score));
  };

  for (const m of text.matchAll(EN_STREET)) {
    const confirmed = m.groups?.['tail'] !== undefined || m.groups?.['unit'] !== undefined;
    let base = SCORE_STREET;
    if (EN_WEAK_TYPE_AT_END.test(m.groups?.['type'] ?? '')) base = SCORE_WEAK_TYPE;
    if (!confirmed && isYear(m.groups?.['number'])) base = SCORE_YEAR_AS_NUMBER;
    push(m, base);
  }
  if (DE_HINT.test(text)) for (const m of text.matchAll(DE_STREET)) push(m, SCORE_STREET);
  for (const regex of [DE_PREFIXED, FR_STREET]) {
    for (const m of text.matchAll(regex)) push(m, SCORE_STREET);
  }
  for (const regex of [ES_STREET, IT_STREET]) {
    for (const m of text.matchAll(regex)) {
      const type = m.groups?.['type'] ?? '';
      push(m, type[0] === type[0]?.toUpperCase() ? SCORE_STREET : SCORE_LOWERCASE_TYPE);
    }
  }
  return spans;
}
