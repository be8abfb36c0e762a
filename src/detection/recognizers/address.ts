import { allMatches } from '../all-matches.js';
import { partitionPoint } from '../partition-point.js';
import type { Span } from '../types.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';
import { findLowercaseStreets } from './address-lowercase.js';
import { findNumberlessStreets } from './address-numberless.js';
import { findScriptStreets } from './address-scripts.js';
import { findWorldStreets, POSTCODE_TOWN } from './address-world.js';
import {
  alternation,
  B,
  CA_POSTCODE,
  CA_PROVINCE,
  CAP,
  cap,
  CITY,
  compiled,
  E,
  EN_NAME_WORD,
  EN_TAIL_AT,
  ES_IT_NAME,
  EU_TAIL,
  EU_UNIT,
  FR_NAME,
  isCountryTail,
  isPostalTail,
  isSeparatedTail,
  isYear,
  NL,
  NOT_A_TOWN_START,
  NUMBER_AFTER,
  QC_TAIL,
  S,
  S0,
  S02,
  SCORE_LOWERCASE_TYPE,
  SCORE_PO_BOX,
  SCORE_STREET,
  SCORE_TOWN_POSTCODE,
  SCORE_WEAK_TYPE,
  SCORE_YEAR_AS_NUMBER,
  SEP,
  spellings,
  startingWith,
  sticky,
  streetMatches,
  TAIL_BONUS,
  US_STATE,
  US_STATE_NAME,
  ZIP,
  type AddSpan,
  type PushMatch,
} from './address-parts.js';

/**
 * Street addresses in the usual written forms of en/de/fr/es/it:
 *   "221B Baker Street", "1600 Pennsylvania Ave NW, Washington, DC 20500"   (number, name, street type)
 *   "123 Main St\nApt 4\nSpringfield, IL 62704", "PO Box 123, Austin, TX 78701"
 *   "Flat 5\nElm Lane\nChelmsford\nCM1 1AA", "Level 3, 100 George St, Sydney NSW 2000"
 *   "Hauptstraße 12, 10115 Berlin", "Berliner Straße 5a"                     (name + street type, number)
 *   "12 rue de la Paix, 75002 Paris"                                         (number, street type, name)
 *   "Calle Mayor 5, 28013 Madrid", "Via Roma 10, 00184 Roma"                 (street type, name, number)
 * A street needs a capitalised name and a house number; a postcode/city tail or an address word
 * nearby ("address", "wohne", "habite", "vivo", "abito" …) raises the score. A US or Canadian town,
 * state and postcode ("Springfield, IL 62704") is an address on its own too.
 */

const EU_TAIL_AT = sticky(EU_TAIL);
const FR_TAIL_AT = sticky(`(?:${EU_TAIL}|${QC_TAIL})`);
const UNTYPED_TAIL_AT = sticky(`(?:${EU_TAIL}|${POSTCODE_TOWN})`);

// ---- en: "221B Baker Street", "1600 Pennsylvania Ave NW", "Flat 5\nElm Lane" ----

// Street types that name a street and little else.
// prettier-ignore
const EN_TYPES_STRONG = [
  'Street', 'St', 'Avenue', 'Ave', 'Av', 'Road', 'Rd', 'Boulevard', 'Blvd', 'Lane', 'Ln', 'Drive', 'Dr', 'Parkway',
  'Pkwy', 'Highway', 'Hwy', 'Expressway', 'Expy', 'Freeway', 'Fwy', 'Turnpike', 'Tpke',
];
// Street types that are also everyday words ("5 Million Dollars Way"): they need a tail or an address word.
// prettier-ignore
const EN_TYPES_WEAK = [
  'Court', 'Ct', 'Place', 'Pl', 'Square', 'Sq', 'Terrace', 'Ter', 'Terr', 'Tce', 'Way', 'Circle', 'Cir',
  'Crescent', 'Cres', 'Close', 'Gardens', 'Gdns', 'Grove', 'Row', 'Mews', 'Walk', 'Alley', 'Aly', 'Trail', 'Trl',
  'Plaza', 'Plz', 'Loop',
];
// The rest of USPS Publication 28's street suffixes (appendix C1) and British and Australian ones. Most
// are common words ("3 Big Ideas Center", "10 Simple Ways"), so a town alone does not confirm them: a
// state or postcode, a flat or suite, or an address word must.
// prettier-ignore
const EN_TYPES_FAINT = [
  'Branch', 'Bridge', 'Brook', 'Brooks', 'Burg', 'Burgs', 'Bypass', 'Camp', 'Canyon', 'Cape', 'Causeway', 'Center',
  'Centre', 'Centers', 'Circles', 'Cliff', 'Cliffs', 'Club', 'Common', 'Commons', 'Corner', 'Corners', 'Course',
  'Courts', 'Cove', 'Coves', 'Creek', 'Crest', 'Crossing', 'Crossroad', 'Crossroads', 'Curve', 'Dale', 'Dam',
  'Divide', 'Drives', 'Estate', 'Estates', 'Extension', 'Extensions', 'Fall', 'Falls', 'Ferry', 'Field', 'Fields',
  'Flat', 'Flats', 'Ford', 'Fords', 'Forest', 'Forge', 'Forges', 'Fork', 'Forks', 'Fort', 'Garden', 'Gateway',
  'Glen', 'Glens', 'Green', 'Greens', 'Groves', 'Harbor', 'Harbour', 'Harbors', 'Haven', 'Heights', 'Hts', 'Hill',
  'Hills', 'Hollow', 'Inlet', 'Island', 'Islands', 'Isle', 'Junction', 'Junctions', 'Key', 'Keys', 'Knoll',
  'Knolls', 'Lake', 'Lakes', 'Land', 'Landing', 'Light', 'Lights', 'Loaf', 'Lock', 'Locks', 'Lodge', 'Mall',
  'Manor', 'Manors', 'Meadow', 'Meadows', 'Mill', 'Mills', 'Mission', 'Motorway', 'Mount', 'Mountain', 'Mountains',
  'Neck', 'Orchard', 'Oval', 'Overpass', 'Park', 'Parks', 'Parkways', 'Pass', 'Passage', 'Path', 'Pike', 'Pine',
  'Pines', 'Plain', 'Plains', 'Point', 'Points', 'Port', 'Ports', 'Prairie', 'Radial', 'Ramp', 'Ranch', 'Rapid',
  'Rapids', 'Rest', 'Ridge', 'Ridges', 'River', 'Roads', 'Route', 'Rue', 'Run', 'Shoal', 'Shoals', 'Shore',
  'Shores', 'Skyway', 'Spring', 'Springs', 'Spur', 'Spurs', 'Squares', 'Station', 'Stravenue', 'Stream', 'Streets',
  'Summit', 'Throughway', 'Trace', 'Track', 'Trafficway', 'Tunnel', 'Underpass', 'Union', 'Unions', 'Valley',
  'Valleys', 'Via', 'Viaduct', 'View', 'Views', 'Village', 'Villages', 'Ville', 'Vista', 'Walks', 'Wall', 'Ways',
  'Well', 'Wells',
  // British and Australian
  'Approach', 'Arcade', 'Broadway', 'Chase', 'Circus', 'Croft', 'Embankment', 'Esplanade', 'Gate', 'Parade', 'Pde',
  'Quay', 'Rise', 'Vale', 'Wharf', 'Yard', 'Circuit', 'Copse', 'Wynd', 'Fold', 'Glade', 'End', 'Lea', 'Brow', 'Bank',
  'Side', 'Brae', 'Dene', 'Garth', 'Nook', 'Paddock', 'Heath', 'Drove', 'Grange', 'Leys',
];
// Abbreviations may end in a dot ("St.", "Ave.").
const EN_TYPE_ABBREVIATIONS = new Set([
  ...['St', 'Ave', 'Av', 'Rd', 'Blvd', 'Ln', 'Dr', 'Pkwy', 'Hwy', 'Expy', 'Fwy', 'Tpke', 'Ct', 'Pl', 'Sq'],
  ...['Ter', 'Terr', 'Tce', 'Cir', 'Cres', 'Gdns', 'Aly', 'Trl', 'Plz', 'Hts', 'Pde'],
]);
const EN_TYPES = alternation(
  spellings([...EN_TYPES_STRONG, ...EN_TYPES_WEAK, ...EN_TYPES_FAINT]).flatMap((w) =>
    EN_TYPE_ABBREVIATIONS.has(w[0]!.toUpperCase() + w.slice(1).toLowerCase()) ? [`${w}.`, w] : [w],
  ),
);
const TYPE_STRENGTH = new Map<string, 'strong' | 'weak'>([
  ...EN_TYPES_STRONG.map((t) => [t.toLowerCase(), 'strong'] as const),
  ...EN_TYPES_WEAK.map((t) => [t.toLowerCase(), 'weak'] as const),
]);

/** Strong, weak or faint: a street type in lower case ("Elm street") is as weak as an everyday word. */
function typeStrength(type: string): 'strong' | 'weak' | 'faint' {
  if (type[0] !== type[0]!.toUpperCase()) return 'faint';
  return TYPE_STRENGTH.get(type.replace(/\.$/, '').toLowerCase()) ?? 'faint';
}

const HOUSE_NUMBER = String.raw`\d{1,5}[A-Za-z]?(?:[-/]\d{1,5}[A-Za-z]?)?`;
/** Not a house number: the end of a decimal, a time or a date ("2.5 Main", "10:30 Market"). */
const NOT_AFTER_NUMBER = String.raw`(?<!\d[.,:/])`;
/** After the street type: "Ave NW", "Queen Street West", Dublin's "O'Connell Street Upper". */
const DIRECTION = String.raw`(?:NE|NW|SE|SW|N|S|E|W|North|South|East|West|Upper|Lower)`;
/** "State Route 9", "County Road 12", "Highway 61": roads known by a number. */
const EN_NUMBERED_ROAD = String.raw`(?<qualifier>(?:State|County|US|U\.S\.|Interstate|Old|Farm${S}to${S}Market|FM)${S})?(?:Route|Rte\.?|Highway|Hwy\.?|Road|Rd\.?)${S}\d{1,4}[A-Z]?(?![\p{L}\p{N}])`;
// USPS secondary unit designators and their British and Australian counterparts; in lower case only the
// dwelling ones ("12 Main Street office 3" is where someone works, not a unit).
// prettier-ignore
const EN_UNIT_WORDS = alternation([
  ...spellings(['Apt', 'Apartment', 'Suite', 'Ste', 'Unit', 'Flat']),
  ...spellings(['Floor', 'Fl', 'Room', 'Rm', 'Bldg', 'Building', 'Dept', 'Lot', 'Space', 'Spc', 'Trailer', 'Trlr',
    'Studio', 'Level', 'Lvl', 'Office', 'Ofc', 'Penthouse', 'PH', 'Box', 'Shop'], false),
]);
/** "4", "4B", "12-A", "B", "B2": a unit has a digit or is a single letter, never a word. */
const UNIT_ID = String.raw`#?(?:\d{1,5}[A-Za-z]?(?:-?[A-Za-z0-9]{1,4})?|[A-Za-z](?:-?\d{1,4})?)(?![\p{L}\p{N}])`;
const EN_UNIT = String.raw`(?:(?:,?${S}|,|${NL})(?:${EN_UNIT_WORDS}\.?${S02}${UNIT_ID}|#${S0}${UNIT_ID}|\d{1,2}(?:st|nd|rd|th)${S}(?:Floor|FLOOR|Fl\.?|FL)${E}))`;
/** Units that make any street type an address: "… Hills Apt. 4"; "… Points #1" does not. */
const DWELLING_UNIT = /^[,\s]*(?:apt|apartment|suite|ste|unit|flat)\b/i;
/** A flat or suite written before the street: "Flat 3, 12 Baker Street", "Apt 4\n123 Main St", "Unit 3/45 George St". */
// prettier-ignore
const EN_UNIT_FIRST = String.raw`(?:${alternation(spellings(['Flat', 'Apt', 'Apartment', 'Unit', 'Suite', 'Ste', 'Studio', 'Level', 'Lvl']))}\.?${S}#?\d{1,4}[A-Za-z]?(?:,?${S}|,|${NL}|\/(?=\d)))`;
/** "15 Orchard Lane Flat 2": "Flat" is a street type and a flat; before a number it is the flat. */
const NOT_A_FLAT = String.raw`(?!(?:Flat|FLAT|flat)${S}#?\d)`;
/** "PO Box 1234", "P.O. Box 12": a postal address, though not a street. */
const PO_BOX = String.raw`(?:P\.?${S0}O\.?|Post${S}Office|POB)${S0}(?:Box|BOX|box)${S0}#?\d{1,6}${E}`;
/**
 * Number, name, type: "1600 Pennsylvania Ave NW". With a flat or suite first the house number may be
 * missing ("Flat 5\nElm Lane\nChelmsford\nCM1 1AA"); such a street counts only with a postcode. A PO
 * box takes the street's place ("PO Box 12, Austin, TX 78701"); one pattern shares the tail. A type
 * joined to a word ("Drive-in") is no street type.
 */
const EN_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('[\\dPFAUSLNfausl]')}${NOT_AFTER_NUMBER}(?:(?<poBox>${PO_BOX})|(?:(?<unitFirst>${EN_UNIT_FIRST})(?:(?<afterUnit>${HOUSE_NUMBER})${S})?|(?:No\.?${S0})?(?<number>${HOUSE_NUMBER}),?${S})(?:[NSEW]\.${S})?(?:(?<road>${EN_NUMBERED_ROAD})|(?<name>(?:${EN_NAME_WORD}${S}){1,3})${NOT_A_FLAT}(?<type>${EN_TYPES})(?:${S}${DIRECTION}\.?)?)${E}(?!-\p{L})(?<unit>${EN_UNIT}{1,2})?)`,
    'gu',
  ),
);
/** A street by its name and type alone, for intersections: "Elm Street", "W 3rd Ave.", "Dorsey Prairie". */
const EN_NAMED_STREET = String.raw`(?:[NSEW]\.?${S})?(?:${EN_NAME_WORD}${S}){1,3}${EN_TYPES}${E}`;
/**
 * "the corner of Elm Street and Fifth Avenue", "intersection of Main St & 3rd Ave": two streets that
 * name a place. The words before them make it one, whatever the street types.
 */
const EN_INTERSECTION = compiled(
  new RegExp(
    String.raw`(?<=(?<![\p{L}])(?:[Cc]orner|[Ii]ntersection|[Jj]unction|[Cc]rossing)${S}of${S}(?:the${S})?)${EN_NAMED_STREET}${S}(?:and|&)${S}${EN_NAMED_STREET}`,
    'gu',
  ),
);
const INTERSECTION_HINT = /(?:corner|intersection|junction|crossing) of /i;
/** US forces' mail: "PSC 1234, Box 5678\nAPO AE 09123", "USS Nimitz\nFPO AP 96620". */
const MILITARY = compiled(
  new RegExp(
    String.raw`${B}(?:(?:PSC|CMR|Unit)${S}\d{1,5}(?:,?${S}|,)Box${S}\d{1,5}|(?:USNS|USS|USCGC)${S}${CAP}(?:${S}${CAP}){0,2})${SEP}(?:APO|FPO|DPO)${S}(?:AA|AE|AP)${S}${ZIP}`,
    'gu',
  ),
);
// A town pattern tries every capitalised word; it runs only on texts with a ZIP or a Canadian postcode.
const TOWN_REGION_HINT = /\d{5}|[A-Z]\d[A-Z][ \u00a0-]?\d[A-Z]\d/;
/** "Springfield, IL 62704", "Austin, Texas 78701", "Toronto, ON M5V 2T6" without a street before them. */
const TOWN_REGION = compiled(
  new RegExp(
    String.raw`${B}${CITY}(?:,${S0}(?:${US_STATE}|${US_STATE_NAME}),?${S}${ZIP}|,?${S}${CA_PROVINCE},?${S}${CA_POSTCODE})`,
    'gu',
  ),
);

// ---- de: "Hauptstraße 12", "Berliner Straße 5a", "Unter den Linden 77, 10117 Berlin" ----

// prettier-ignore
const DE_SUFFIXES = alternation([
  'straße', 'strasse', 'str.', 'weg', 'allee', 'platz', 'gasse', 'damm', 'ufer', 'chaussee', 'steig',
  'pfad', 'stieg', 'promenade', 'graben', 'markt', 'kai',
  // "Kaiserring", "Ostring", but not English "-ing" words: "Monitoring 24/7", "Engineering 101", "String 5"
  String.raw`(?<![aeiouäöü]|(?<![\p{L}])(?:St|Sp|B))ring`,
]);
// prettier-ignore
const DE_TYPE_WORDS = alternation(
  ['Straße', 'Strasse', 'Str.', 'Weg', 'Allee', 'Platz', 'Gasse', 'Ring', 'Damm', 'Ufer', 'Chaussee', 'Markt'],
);
// Every German street ends in one of the street words right before its number; the costly
// street regex runs only on texts that have one.
const DE_HINT = compiled(
  new RegExp(
    String.raw`(?:stra(?:ß|ss)e|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|pfad|stieg|promenade|graben|markt|kai)${S0}\d`,
    'iu',
  ),
);
/** A word of a hyphenated street name: "Bertha-von-Suttner-", "Dr.-", "Sankt-". */
const DE_NAME_PART = String.raw`(?:\p{Lu}[\p{L}\p{M}]{0,20}\.?|von|van|de|der|den|zu|vom|zum|am|an|im|auf)`;
const DE_HYPHENATED = String.raw`\p{Lu}[\p{L}\p{M}]{0,20}\.?(?:-${DE_NAME_PART}){0,3}-${DE_TYPE_WORDS}`;
const DE_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('\\p{Lu}')}(?:${DE_HYPHENATED}|\p{Lu}[\p{Ll}\p{M}\-]{1,30}${DE_SUFFIXES}|(?:${CAP}${S}){1,2}${DE_TYPE_WORDS})${S0}${NUMBER_AFTER}${E}${EU_UNIT}?`,
    'gu',
  ),
);
// Prefix forms are common words too ("Im Jahr 2020"): without a postcode and city they need an address word.
// prettier-ignore
const DE_PREFIXES = ['Am', 'An der', 'An den', 'Auf der', 'Auf dem', 'Im', 'In der', 'Zum', 'Zur', 'Hinter der', 'Unter den'];
const DE_PREFIXED = compiled(
  new RegExp(
    String.raw`${B}${alternation(DE_PREFIXES)}${S}${CAP}${S}(?<number>${NUMBER_AFTER})${E}${EU_UNIT}?`,
    'gu',
  ),
);
/**
 * A street with no street word at all, as many in Austria, Switzerland and Germany are ("Seeblick 102,
 * 4104 Johnsbach", "Gut Reuschenberg 34, 30741 Alt Colin"): one or two capitalised words and a number
 * count only before a postcode and town. It runs on texts with a postcode followed by a capitalised word.
 */
const EU_UNTYPED = compiled(
  new RegExp(
    String.raw`${startingWith('\\p{Lu}')}${NOT_A_TOWN_START}(?:${CAP}${S})?${CAP}${S}(?<number>${NUMBER_AFTER})${E}${EU_UNIT}?`,
    'gu',
  ),
);
const EU_POSTCODE_HINT = /(?:^|[\s,])(?:[A-Z]{1,2}-)?(?:\d{4,6}|\d{3} \d{2}|\d{2}-\d{3})[ \t]+\p{Lu}/mu;
/**
 * The tail of an untyped street confirms it only where a postal address would end: at the end of the
 * text, a line or a sentence. "Windows 10, 20000 Nutzer haben …" has that shape too, mid-sentence.
 */
const ENDS_LIKE_AN_ADDRESS = /^[ \t\u00a0]*(?:$|[.!?)\]\r\n])/;
/** A four-digit postcode that could be a year ("Kapitel 3, 2019 Ausgabe") confirms nothing on its own. */
const YEAR_LIKE_POSTCODE = /^[^\d]*(?:[A-Z]{1,2}-)?(?:19|20)\d\d(?!\d)/;

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
const FR_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('\\d')}\d{1,4}(?:${S0}(?:bis|ter|quater|[A-D]))?,?${S}${FR_TYPES}${S}${FR_NAME}${E}${EU_UNIT}?`,
    'gu',
  ),
);

// Belgium, Switzerland and Luxembourg write the number last: "Rue de la Loi 16", "Avenue Louise 54, 1050
// Bruxelles". With the type first, only a capitalised type counts ("place Vendôme 3 fois" is prose).
// prettier-ignore
const FR_TYPES_FIRST_WORDS = [
  'Rue', 'Avenue', 'Av.', 'Boulevard', 'Bd', 'Place', 'Allée', 'Impasse', 'Chemin', 'Quai', 'Route', 'Cours',
  'Passage', 'Square', 'Faubourg', 'Rond-Point', 'Voie', 'Sentier', 'Esplanade', 'Promenade', 'Parvis', 'Cité',
  'Chaussée', 'Drève', 'Clos', 'Venelle', 'Galerie', 'Porte', 'Parc', 'Jardin', 'Petite rue', 'Grand-Rue', 'Grand Rue',
];
const FR_TYPES_FIRST = alternation(FR_TYPES_FIRST_WORDS);
const FR_STREET_TYPE_FIRST = compiled(
  new RegExp(
    String.raw`${startingWith('[A-Z]')}${FR_TYPES_FIRST}${S}${FR_NAME},?${S}${NUMBER_AFTER}(?:${S0}(?:bis|ter))?${E}${EU_UNIT}?`,
    'gu',
  ),
);

// ---- es / it: "Calle Mayor 5", "Avenida de la Constitución, 12", "Via XX Settembre 5" ----

// prettier-ignore
const ES_TYPES = ['Calle', 'C/', 'Avenida', 'Avda.', 'Avda', 'Av.', 'Plaza', 'Pza.', 'Paseo', 'Camino', 'Carretera',
  'Ctra.', 'Ronda', 'Travesía', 'Glorieta', 'Rambla', 'Callejón', 'Vía', 'Pasaje', 'Urbanización', 'Urb.', 'Bulevar',
  'Cuesta', 'Jardines', 'Parque', 'Partida', 'Escalinata', 'Polígono', 'Camí', 'Barrio', 'Aldea', 'Arroyo', 'Subida',
  'Bajada', 'Explanada', 'Masía', 'Quinta', 'Viaducto', 'Blvd.', 'Carr.', 'Lugar', 'Senda', 'Calleja', 'Rúa', 'Caserío',
  // Mexico and Latin America
  'Calzada', 'Calz.', 'Eje', 'Retorno', 'Cerrada', 'Cda.', 'Privada', 'Priv.', 'Circuito', 'Prolongación', 'Prol.',
  'Andador', 'Diagonal', 'Periférico',
  // Catalan
  'Carrer', 'Avinguda', 'Passeig', 'Plaça', 'Ronda', 'Travessera'];
// prettier-ignore
const IT_TYPES = ['Via', 'Viale', 'V.le', 'Piazza', 'P.za', 'P.zza', 'Piazzale', 'Corso', 'C.so', 'Largo', 'Vicolo',
  'Lungomare', 'Lungotevere', 'Strada', 'Contrada', 'Borgo', 'Salita', 'Vico', 'Rotonda', 'Incrocio', 'Traversa',
  'Località', 'Loc.', 'Frazione', 'Fraz.', 'Galleria', 'Circonvallazione', 'Vicoletto', 'Lungarno', 'Riva', 'Rione',
  'Stradone', 'Fondamenta', 'Campo', 'Piazzetta'];
const TYPE_FIRST = (types: string[]) =>
  compiled(
    new RegExp(
      String.raw`${B}(?:(?<type>${alternation(types, cap)})${S}${ES_IT_NAME}|Gran V[ií]a),?${S}(?:(?:(?:n\.?|nº|n°|no\.|núm\.)${S0})?${NUMBER_AFTER}${E}|s/n\.?)${EU_UNIT}?`,
      'gu',
    ),
  );
const ES_STREET = TYPE_FIRST(ES_TYPES);
const IT_STREET = TYPE_FIRST(IT_TYPES);

// Cheap tests that a text could hold a match at all. A pattern that starts with a look-behind is tried
// at every position of the text (about 0.1 µs a character each); a literal alternation is not.
const EN_HINT = compiled(new RegExp(String.raw`\d[A-Za-z]?,?${S}[\p{Lu}\d]|${PO_BOX}|${EN_UNIT_FIRST}`, 'u'));
const FR_HINT = compiled(new RegExp(String.raw`\d(?:${S0}(?:bis|ter|quater|[A-D]))?,?${S}${FR_TYPES}`, 'u'));
const bothCases = (words: string[]) =>
  words.flatMap((w) => [w[0]!.toUpperCase() + w.slice(1), w[0]!.toLowerCase() + w.slice(1)]);
/** A street word of the type-first forms (fr, es, it, German prefixes) and a number on the same line. */
const TYPE_FIRST_HINT = compiled(
  new RegExp(
    String.raw`${alternation([...FR_TYPES_FIRST_WORDS, ...bothCases([...ES_TYPES, ...IT_TYPES]), 'Gran', ...DE_PREFIXES])}${S}[^\n]{0,120}?(?:\d|s/n)`,
    'u',
  ),
);

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    // en
    'address', 'addr', 'live', 'lives', 'living', 'located', 'reside', 'resides', 'ship', 'shipping', 'deliver',
    'delivery', 'mail', 'moved', 'office', 'headquarters', 'parcel', 'package',
    // de
    'adresse', 'anschrift', 'wohne', 'wohnt', 'wohnhaft', 'wohnort', 'lieferadresse', 'postanschrift', 'umgezogen',
    'büro', 'paket', 'rechnungsanschrift',
    // fr
    'habite', 'habitons', 'domicile', 'domicilié', 'domiciliée', 'livraison', 'demeurant', 'bureau', 'colis',
    'déménagé',
    // es
    'dirección', 'direccion', 'domicilio', 'vivo', 'vive', 'vivimos', 'resido', 'envío', 'envio', 'oficina',
    'paquete', 'mudó',
    // it
    'indirizzo', 'abito', 'abita', 'residente', 'residenza', 'domiciliato', 'domiciliata', 'sede', 'spedizione',
    'ufficio', 'pacco', 'trasferito', 'trasferita',
    // the other countries' words for an address
    'adres', 'adresa', 'adressen', 'endereço', 'morada', 'osoite', 'cím', 'adresas', 'aadress', 'adrese', 'адрес',
    'адреса', 'alamat', 'διεύθυνση', 'כתובת', 'عنوان', 'ที่อยู่', '주소',
  ]),
  negative: contextWords([
    // "Top 3 Park Avenue restaurants", "Section 4 Main Street Partners": numbered things, not house numbers
    'top', 'section', 'chapter', 'part', 'step', 'phase', 'page', 'item', 'rank', 'grade', 'season', 'episode',
    'volume', 'vol', 'figure', 'table', 'appendix', 'question', 'slide', 'round', 'level', 'stage', 'tier', 'version',
    'sprint', 'track', 'gate', 'kapitel', 'seite', 'teil', 'staffel', 'folge',
    // company names made of a street name: "Main Street Partners LLC"
    'partners', 'llc', 'inc', 'ltd', 'capital', 'holdings', 'group', 'ventures', 'associates',
  ]),
  before: 6,
  after: 2,
};

/** Score of an English street or PO box before context words; null when it does not count. */
function englishStreetScore(
  groups: Record<string, string | undefined>,
  isPersonName: (word: string) => boolean,
): number | null {
  const { unit, type, road, tail } = groups;
  const postal = isPostalTail(tail);
  if (groups['poBox'] !== undefined) return tail ? SCORE_PO_BOX + TAIL_BONUS : SCORE_PO_BOX;
  const number = groups['number'] ?? groups['afterUnit'];
  if (number === undefined && !postal) return null;
  let base: number;
  let confirmed: boolean;
  if (road !== undefined) {
    base = groups['qualifier'] !== undefined ? SCORE_STREET : SCORE_WEAK_TYPE;
    confirmed = postal || unit !== undefined;
  } else {
    const strength = typeStrength(type ?? '');
    base = strength === 'strong' ? SCORE_STREET : SCORE_WEAK_TYPE;
    confirmed =
      postal ||
      (strength === 'faint'
        ? (unit !== undefined && DWELLING_UNIT.test(unit)) || isCountryTail(tail)
        : unit !== undefined || isSeparatedTail(tail));
  }
  if (confirmed) return base + TAIL_BONUS;
  if (isYear(number)) return SCORE_YEAR_AS_NUMBER;
  const namedAfterSomeone =
    road === undefined &&
    !INSTITUTION_TYPES.has((type ?? '').toLowerCase()) &&
    isNamedAfterSomeone(groups['name'], isPersonName);
  return namedAfterSomeone ? SCORE_STREET : base;
}

/** Street types that also end the names of firms and institutions ("Dresdner Bank", "Kennedy Center"). */
// prettier-ignore
const INSTITUTION_TYPES = new Set(['bank', 'club', 'union', 'unions', 'center', 'centre', 'centers', 'station', 'mall',
  'mission', 'lodge']);

/**
 * Streets are very often named after someone ("584 Klein Circle", "36 Chelsea Plaza"), the everyday
 * phrases that share their shape seldom are ("3 Big Ideas Center", "42 Apple Drive units"): a street
 * type that is an everyday word counts on its own when every word of the name is a known first name
 * or surname.
 */
function isNamedAfterSomeone(name: string | undefined, isPersonName: (word: string) => boolean): boolean {
  const words = name?.trim().split(/\s+/) ?? [];
  return words.length > 0 && words.every((word) => /^\p{Lu}\p{Ll}+$/u.test(word) && isPersonName(word));
}

/** Whether [start, end) lies inside one of the spans: sorted by start, each entry holds the furthest end so far. */
function insideAny(sorted: { start: number; reach: number }[], start: number, end: number): boolean {
  const lo = partitionPoint(sorted, (s) => s.start <= start);
  return lo > 0 && sorted[lo - 1]!.reach >= end;
}

/** Whether [start, end) shares a character with one of the spans (indexed as for `insideAny`). */
function overlapsAny(sorted: { start: number; reach: number }[], start: number, end: number): boolean {
  const lo = partitionPoint(sorted, (s) => s.start < end);
  return lo > 0 && sorted[lo - 1]!.reach > start;
}

/** Spans sorted by start with the furthest end reached up to each, for `insideAny` and `overlapsAny`. */
function reachIndex(spans: Span[]): { start: number; reach: number }[] {
  let reach = -1;
  return [...spans]
    .sort((a, b) => a.start - b.start)
    .map((s) => ({ start: s.start, reach: (reach = Math.max(reach, s.end)) }));
}

/**
 * Several patterns may read the same street ("Avenida da Liberdade, 200" is Spanish and Portuguese; a
 * Polish street's name ends like a Czech one's): a span that another span covers with at least its
 * score adds nothing.
 */
function withoutContained(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end || b.score - a.score);
  const kept: Span[] = [];
  let cover: Span | undefined;
  for (const span of sorted) {
    if (cover !== undefined && span.end <= cover.end && span.score <= cover.score) continue;
    kept.push(span);
    if (cover === undefined || span.end > cover.end) cover = span;
  }
  return kept;
}

/** Streets written type first: "Am Sandberg 38a", "Rue de la Loi 16", "Calle Mayor 5", "Via Roma 10". */
function findTypeFirstStreets(text: string, add: AddSpan, push: PushMatch): void {
  for (const m of streetMatches(DE_PREFIXED, text, EU_TAIL_AT)) {
    if (m.groups?.['tail'] !== undefined) push(m, SCORE_STREET);
    else
      add(
        m.index,
        m.index + m[0].length,
        isYear(m.groups?.['number']) ? SCORE_YEAR_AS_NUMBER : SCORE_WEAK_TYPE,
      );
  }
  for (const m of streetMatches(FR_STREET_TYPE_FIRST, text, EU_TAIL_AT)) push(m, SCORE_STREET);
  for (const regex of [ES_STREET, IT_STREET]) {
    for (const m of streetMatches(regex, text, EU_TAIL_AT)) {
      const type = m.groups?.['type'] ?? '';
      push(m, type[0] === type[0]?.toUpperCase() ? SCORE_STREET : SCORE_LOWERCASE_TYPE);
    }
  }
}

export interface AddressOptions {
  /** Whether a word is a known first name or surname (the NER model's lists); none known by default. */
  isPersonName?: (word: string) => boolean;
}

export function findAddressSpans(text: string, options: AddressOptions = {}): Span[] {
  return withoutContained(findAllStreets(text, options.isPersonName ?? (() => false)));
}

function findAllStreets(text: string, isPersonName: (word: string) => boolean): Span[] {
  const spans: Span[] = [];
  const add = (start: number, end: number, score: number) =>
    spans.push(patternSpan('STREET_ADDRESS', start, end, scoreInContext(text, start, end, score, CONTEXT)));
  const push = (m: RegExpMatchArray, base: number) => {
    const confirmed = m.groups?.['tail'] !== undefined || m.groups?.['unit'] !== undefined;
    add(m.index!, m.index! + m[0].length, confirmed ? base + TAIL_BONUS : base);
  };

  if (EN_HINT.test(text)) {
    for (const m of streetMatches(EN_STREET, text, EN_TAIL_AT)) {
      const score = englishStreetScore(m.groups ?? {}, isPersonName);
      if (score !== null) add(m.index, m.index + m[0].length, score);
    }
  }
  for (const m of allMatches(MILITARY, text)) add(m.index, m.index + m[0].length, SCORE_STREET + TAIL_BONUS);
  if (INTERSECTION_HINT.test(text)) {
    for (const m of allMatches(EN_INTERSECTION, text))
      add(m.index, m.index + m[0].length, SCORE_STREET + TAIL_BONUS);
  }
  if (DE_HINT.test(text)) for (const m of streetMatches(DE_STREET, text, EU_TAIL_AT)) push(m, SCORE_STREET);
  if (FR_HINT.test(text)) for (const m of streetMatches(FR_STREET, text, FR_TAIL_AT)) push(m, SCORE_STREET);
  if (TYPE_FIRST_HINT.test(text)) findTypeFirstStreets(text, add, push);
  findWorldStreets(text, add, push);
  findScriptStreets(text, add);
  findNumberlessStreets(text, add);
  findLowercaseStreets(text, push);
  // A street without a street word, where no street with one was found.
  if (EU_POSTCODE_HINT.test(text)) {
    const typed = reachIndex(spans);
    for (const m of streetMatches(EU_UNTYPED, text, UNTYPED_TAIL_AT)) {
      if (m.groups?.['tail'] === undefined) continue;
      const end = m.index + m[0].length;
      if (overlapsAny(typed, m.index, end)) continue;
      const confirmed =
        !YEAR_LIKE_POSTCODE.test(m.groups?.['tail'] ?? '') &&
        ENDS_LIKE_AN_ADDRESS.test(text.slice(end, end + 4));
      add(m.index, end, confirmed ? SCORE_WEAK_TYPE + TAIL_BONUS : SCORE_WEAK_TYPE);
    }
  }
  // A town with its state and ZIP is an address of its own, unless a whole address already holds it.
  if (!TOWN_REGION_HINT.test(text)) return spans;
  const streets = reachIndex(spans.filter((s) => s.score >= SCORE_TOWN_POSTCODE));
  for (const m of allMatches(TOWN_REGION, text)) {
    const end = m.index + m[0].length;
    if (!insideAny(streets, m.index, end)) add(m.index, end, SCORE_TOWN_POSTCODE);
  }
  return spans;
}
