/**
 * The building blocks of postal addresses that the street patterns share: regex pieces, towns,
 * postcodes and regions, flats and floors, the scores a street starts from, and how the patterns are
 * compiled and matched.
 */
import { allMatches } from '../all-matches.js';
import { withBmpClasses } from './bmp-classes.js';

// V8 compiles a pattern apart for one-byte (Latin-1) and two-byte subjects: "Długa" is two-byte.
const LONG_SUBJECTS = [' '.repeat(1024), `${' '.repeat(1023)}ł`];

/**
 * `regex` with its letter classes cut to the BMP (`withBmpClasses`), compiled to machine code now.
 * V8 runs a pattern first in its bytecode interpreter and compiles it later, except on a subject of
 * 1,000 characters or more, where it compiles at once; our large address patterns would otherwise
 * cost the first prompts of each detection thread about half a second (about 0.15 s compiled at
 * once, when the module loads).
 */
export function compiled(regex: RegExp): RegExp {
  const bmp = new RegExp(withBmpClasses(regex.source), regex.flags);
  for (const subject of LONG_SUBJECTS) {
    bmp.lastIndex = 0;
    bmp.exec(subject);
  }
  bmp.lastIndex = 0;
  return bmp;
}

export const SCORE_STREET = 0.65;
/** An Italian or Spanish street type written in lower case ("via", "calle") is also an ordinary word. */
export const SCORE_LOWERCASE_TYPE = 0.45;
/** "In 2020 Oxford Street …": a year where the house number would be, and nothing else to confirm it. */
export const SCORE_YEAR_AS_NUMBER = 0.35;
export const SCORE_WEAK_TYPE = 0.45;
/** "PO Box 1234": a postal address, though not a street. */
export const SCORE_PO_BOX = 0.6;
/** "Springfield, IL 62704": a town with a valid state or province code and a postcode of its format. */
export const SCORE_TOWN_POSTCODE = 0.6;
// A postcode and town (or a flat number) after the street make a postal address all but certain.
export const TAIL_BONUS = 0.3;

export const B = String.raw`(?<![\p{L}\p{N}_])`;
/**
 * `B` for a match that starts with a character of `first`: the cheap class is tested first, so the
 * look-behind runs only where a match could start (10–15% less time per pattern over tweets).
 */
export const startingWith = (first: string) => String.raw`(?=${first})${B}`;
export const E = String.raw`(?![\p{L}\p{N}_])`;
/** A capitalised word, not glued to digits ("NW1" is a postcode, not a name). */
export const CAP = String.raw`\p{Lu}[\p{L}\p{M}'’\-]{0,30}(?![\p{L}\p{N}])`;
/** One or two spaces; S0: an optional one; S02: up to two. */
export const S = String.raw`[ \t\u00a0]{1,2}`;
export const S0 = String.raw`[ \t\u00a0]?`;
export const S02 = String.raw`[ \t\u00a0]{0,2}`;
/** House number written after the street name: "12", "12a", "12-14", "12 / 1". */
export const NUMBER_AFTER = String.raw`\d{1,4}[a-zA-Z]?(?:${S0}[-/]${S0}\d{1,4}[a-zA-Z]?)?`;

/** Capitalises the first letter as a class: "rue" -> "[Rr]ue". */
export function cap(word: string): string {
  const first = word[0]!;
  return `[${first.toUpperCase()}${first.toLowerCase()}]${word.slice(1).replace(/\./g, '\\.')}`;
}

export function alternation(
  words: string[],
  transform: (w: string) => string = (w) => w.replace(/\./g, '\\.'),
): string {
  return `(?:${[...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map(transform)
    .join('|')})`;
}

/** A word as written in running text: "Street", "STREET" and, unless `lower` is false, "street". */
export function spellings(words: readonly string[], lower = true): string[] {
  return words.flatMap((w) => {
    if (w === w.toUpperCase()) return [w];
    return lower ? [w, w[0]!.toLowerCase() + w.slice(1), w.toUpperCase()] : [w, w.toUpperCase()];
  });
}

// ---- tails: postcode and city ----

/** A line break inside an address ("221B Baker Street\nLondon NW1 6XE"), with an optional comma. */
export const NL = String.raw`,?[ \t\u00a0]{0,2}\r?\n[ \t\u00a0]{0,4}`;
/** What separates the parts of an address: a comma, spaces or a line break. */
export const SEP = String.raw`(?:,?${S}|,|${NL})`;
// Capitalised words that start the next sentence rather than continue a town name ("… 00184 Roma Please call").
// prettier-ignore
const NOT_A_TOWN_WORD = String.raw`(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Today|Tomorrow|Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag|The|This|That|These|Please|Thanks|Thank|Hi|Hello|I|We|You|He|She|It|They|My|Our|Your|And|But|Or|If|When|Call|Phone|Tel|Email|Mail|Die|Der|Das|Bitte|Danke|Ich|Wir|Sie|Er|Es|Und|Aber|Mein|Meine|Unser|Unsere|Le|La|Les|Merci|Je|Nous|Vous|Il|Elle|Et|Mais|Mon|Ma|Notre|El|Los|Las|Gracias|Yo|Nosotros|Usted|Y|Pero|Mi|Nuestro|Grazie|Io|Noi|Lei|E|Ma|Mio|Mia|Nostro|Per|Con|Von|Mit|Für|Pour|Avec|Para|Por)(?![\p{L}\p{M}'’-]))`;
// Words that start a new sentence but never a town ("221B Baker Street, Please call"); articles are
// missing on purpose ("The Hague", "Le Havre", "Los Angeles").
// prettier-ignore
export const NOT_A_TOWN_START = String.raw`(?!(?:Yes|No|Okay|Sure|Sorry|Good|Great|Fine|Done|Sounds|Please|Thanks|Thank|Hi|Hello|I|We|You|He|She|It|They|My|Our|Your|And|But|Or|If|When|Call|Phone|Tel|Email|Mail|Best|Regards|Cheers|Bitte|Danke|Ich|Wir|Merci|Je|Nous|Vous|Gracias|Grazie)(?![\p{L}\p{M}'’-]))`;
/** "St. Louis", "Mt. Vernon", "Ft. Worth": a town whose name starts with an abbreviation. */
const TOWN_ABBREVIATION = String.raw`(?:St|Ste|Mt|Ft|Pt)\.${S0}`;
/**
 * Lower-case words inside town names: "Frankfurt am Main", "Aix-en-Provence", "Bagno a Ripoli", "Reggio nell'Emilia",
 * "Rio do Sul", "Kostelec nad Labem", "Šempeter pri Gorici".
 */
// prettier-ignore
const TOWN_LINK = String.raw`(?:(?:an der|am|an|im|in|ob|bei|unter|vor|auf|sur|sous|lès|lez|en|de la|de|du|des|le|la|les|del|della|dei|di|da|do|dos|das|a|al|sul|upon|on|y|el|nad|pod|pri|na)${S}|(?:nell|dell|d|l)['’])`;
/** "IL 62704", "NSW 2000", "ON M5V 2T6": a state or province code before a postcode ends the town. */
const NOT_A_REGION_CODE = String.raw`(?![A-Z]{2,3},?${S}[A-Z]?\d)`;
export const CITY = String.raw`${NOT_A_TOWN_START}(?!\p{Lu}\.)(?:${TOWN_ABBREVIATION})?${CAP}(?:(?:${S}|-)${TOWN_LINK}?${NOT_A_TOWN_WORD}${NOT_A_REGION_CODE}${CAP}){0,2}`;
const UK_POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?${S0}\d[A-Z]{2}(?![\p{L}\p{N}])`;

// USPS state and territory codes, with the armed forces' AA, AE and AP.
// prettier-ignore
const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP', 'PR', 'VI', 'FM',
  'MH', 'PW', 'AA', 'AE', 'AP',
];
// prettier-ignore
const US_STATE_NAMES = [
  'Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware',
  'District of Columbia', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas',
  'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi',
  'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York',
  'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island',
  'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington',
  'West Virginia', 'Wisconsin', 'Wyoming', 'Puerto Rico',
];
const US_STATE_CODE = `(?:${US_STATE_CODES.join('|')})`;
export const US_STATE = String.raw`${US_STATE_CODE}(?![\p{L}\p{N}])`;
export const US_STATE_NAME = String.raw`${alternation(US_STATE_NAMES)}(?![\p{L}\p{N}])`;
export const ZIP = String.raw`\d{5}(?:-\d{4})?(?![\p{L}\p{N}])`;
export const CA_PROVINCE = String.raw`(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)(?![\p{L}\p{N}])`;
/** Canada Post: letter digit letter, digit letter digit; D, F, I, O, Q and U are never used. */
export const CA_POSTCODE = String.raw`[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \u00a0-]?\d[ABCEGHJ-NPRSTV-Z]\d(?![\p{L}\p{N}])`;
const AU_STATE = String.raw`(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT)(?![\p{L}\p{N}])`;
// prettier-ignore
const CA_PROVINCE_NAMES = [
  'Alberta', 'British Columbia', 'Manitoba', 'New Brunswick', 'Newfoundland and Labrador', 'Nova Scotia',
  'Northwest Territories', 'Nunavut', 'Ontario', 'Prince Edward Island', 'Quebec', 'Québec', 'Saskatchewan', 'Yukon',
];
// prettier-ignore
const AU_STATE_NAMES = [
  'New South Wales', 'Victoria', 'Queensland', 'South Australia', 'Western Australia', 'Tasmania',
  'Northern Territory', 'Australian Capital Territory',
];
// Counties of Great Britain (ceremonial and historic) and Ireland's "County Down", "Co. Cork".
// prettier-ignore
const UK_COUNTIES = [
  'Bedfordshire', 'Berkshire', 'Bristol', 'Buckinghamshire', 'Cambridgeshire', 'Cheshire', 'Cornwall', 'Cumbria',
  'Derbyshire', 'Devon', 'Dorset', 'Durham', 'County Durham', 'East Sussex', 'West Sussex', 'Essex', 'Gloucestershire',
  'Greater London', 'Greater Manchester', 'Hampshire', 'Herefordshire', 'Hertfordshire', 'Isle of Wight', 'Kent',
  'Lancashire', 'Leicestershire', 'Lincolnshire', 'Merseyside', 'Norfolk', 'Northamptonshire', 'Northumberland',
  'North Yorkshire', 'South Yorkshire', 'West Yorkshire', 'East Riding of Yorkshire', 'Yorkshire', 'Nottinghamshire',
  'Oxfordshire', 'Rutland', 'Shropshire', 'Somerset', 'Staffordshire', 'Suffolk', 'Surrey', 'Tyne and Wear',
  'Warwickshire', 'West Midlands', 'Wiltshire', 'Worcestershire', 'Avon', 'Cleveland', 'Humberside', 'Middlesex',
  'Clwyd', 'Dyfed', 'Gwent', 'Gwynedd', 'Powys', 'Mid Glamorgan', 'South Glamorgan', 'West Glamorgan', 'Glamorgan',
  'Aberdeenshire', 'Argyll', 'Ayrshire', 'Fife', 'Lanarkshire', 'Lothian', 'Midlothian', 'Perthshire', 'Borders',
  'Highland', 'Dumfries and Galloway', 'Strathclyde', 'Tayside', 'Grampian',
];
/** A US state, Canadian province, Australian state or British county, written out or as its code. */
const REGION = String.raw`(?:${US_STATE}|${CA_PROVINCE}|${AU_STATE}|(?:${alternation([...US_STATE_NAMES, ...CA_PROVINCE_NAMES, ...AU_STATE_NAMES, ...UK_COUNTIES])}|(?:County|Co\.)${S}${CAP})(?![\p{L}\p{N}]))`;
/** What follows a town: "IL 62704", "Illinois 62704-1234", "ON M5V 2T6", "NSW 2000". */
const REGION_POSTCODE = String.raw`(?:${US_STATE},?${S}${ZIP}|${US_STATE_NAME},?${S}${ZIP}|${CA_PROVINCE},?${S}${CA_POSTCODE}|${AU_STATE},?${S}\d{4}(?![\p{L}\p{N}]))`;
/** "Springfield, IL 62704", "London NW1 6XE", "Chelmsford\nEssex\nCM1 1AA", "Sydney NSW 2000", "Springfield, IL". */
const TOWN_POSTCODE = String.raw`${CITY}(?:,?${S}${REGION_POSTCODE}|(?:${SEP}${CITY}){0,2}${SEP}${UK_POSTCODE}|,${S}${US_STATE})`;
// prettier-ignore
const COUNTRIES = [
  'United States of America', 'United States', 'USA', 'U.S.A.', 'US', 'U.S.', 'United Kingdom', 'UK', 'U.K.',
  'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland', 'Ireland', 'Canada', 'Australia',
  'New Zealand', 'Germany', 'Deutschland', 'France', 'Spain', 'España', 'Italy', 'Italia', 'Austria',
  'Österreich', 'Switzerland', 'Schweiz', 'Suisse', 'Svizzera', 'Belgium', 'Belgique', 'België', 'Netherlands',
  'The Netherlands', 'Nederland', 'Luxembourg', 'Portugal', 'Denmark', 'Sweden', 'Norway', 'Finland', 'Poland',
  'Mexico', 'México', 'India', 'South Africa', 'Singapore', 'Japan', 'China', 'Hong Kong', 'Brazil', 'Brasil',
  'Argentina', 'Chile', 'Colombia', 'Peru', 'Czech Republic', 'Czechia', 'Slovakia', 'Hungary', 'Romania', 'Croatia',
  'Serbia', 'Slovenia', 'Latvia', 'Lithuania', 'Estonia', 'Indonesia', 'Turkey', 'Türkiye', 'Greece', 'Israel',
  'South Korea', 'Korea', 'Philippines', 'Malaysia', 'Thailand', 'Vietnam', 'Nigeria', 'Kenya', 'Ghana', 'Egypt',
  'Morocco', 'United Arab Emirates', 'UAE', 'Saudi Arabia', 'Russia', 'Ukraine',
];
const COUNTRY_NAME = alternation([...COUNTRIES, ...COUNTRIES.map((c) => c.toUpperCase())]);
const NOT_A_COUNTRY = String.raw`(?!${COUNTRY_NAME}(?![\p{L}\p{N}]))`;
/** The last line of an international address: ", USA", "\nUnited Kingdom". */
export const COUNTRY = String.raw`(?:,?${S}|,|${NL})${COUNTRY_NAME}(?![\p{L}\p{N}])`;
/** A postcode of any English-speaking country's format, as written after the country ("USA 02118", "UK SW1A 1AA"). */
const ANY_POSTCODE = String.raw`(?:${ZIP}|${CA_POSTCODE}|${UK_POSTCODE}|\d{3}${S0}\d{3}(?![\p{L}\p{N}])|\d{4}(?![\p{L}\p{N}]))`;
/** The country, and the postcode some write after it: ", USA 02118", "\nAustralia 2041". */
const COUNTRY_POSTCODE = String.raw`${COUNTRY}(?:,?${S}${ANY_POSTCODE})?`;
/**
 * A town run on without commas, as addresses are often typed, confirmed by what ends it: a state,
 * province or county, or a country ("Fairview Oregon", "Lake Joanna OH 44001", "Bristol\nUnited
 * Kingdom"), which `EN_TAIL` then takes with its postcode.
 */
const LOOSE_TOWN = String.raw`${SEP}${CITY}(?:${SEP}${REGION}(?:,?${S}${ANY_POSTCODE})?|(?:${SEP}${CITY})?(?=${COUNTRY}))`;
/** Ireland's Eircode: routing key (a letter and two digits, or D6W) and four characters. */
const EIRCODE = String.raw`(?:[AC-FHKNPRTV-Y]\d{2}|D6W)${S0}[0-9AC-FHKNPRTV-Y]{4}(?![\p{L}\p{N}])`;
/** Dublin's postal district after the town: "Dublin 1", "Dublin 6W". */
const DUBLIN_DISTRICT = String.raw`${S}\d{1,2}W?(?![\p{L}\p{N}])`;
/** "Co. Cork": an Irish county after the town. */
const IE_COUNTY = String.raw`,?${S}Co\.?${S}${CAP}`;
/** Six digits: an Indian PIN ("411001", "411 001"), a Singapore or Chinese postcode ("079903", "100004"). */
const SIX_DIGITS = String.raw`\d{3}${S0}\d{3}(?![\p{L}\p{N}])`;
/** A South African code ("Durban, 4001"); four digits that could be a year ("…, Boston, 2019") are none. */
const ZA_CODE = String.raw`(?!(?:19|20)\d\d(?!\d))\d{4}(?![\p{L}\p{N}])`;
/** After the town: "Pune 411001", "Pune - 411 001", "Durban, 4001", "Auckland 1010". */
const TOWN_CODE = String.raw`(?:,?${S}(?:${SIX_DIGITS}|${ZA_CODE})|${S0}-${S0}${SIX_DIGITS})`;
/** Words that name a district before its name: "Brgy. San Antonio", "Quận 1", "Col. Roma", "Thành phố Huế", "г. Москва". */
export const AREA_WORD = String.raw`(?:Brgy\.|Barangay|Col\.|Colonia|Bairro|Quận|Phường|Huyện|Xã|Thành phố|TP\.|Tỉnh|Taman|Distrito|г\.|м\.|город|місто)${S0}`;
/**
 * The town after an English-language street, and whatever district, region, postcode or country
 * follows: ", Springfield, IL 62704", "\nLondon NW1 6XE", ", Cork, T12 X285", ", Chaoyang District,
 * Beijing 100004", ", Little Whinging, Surrey".
 */
const EN_TAIL = String.raw`(?:${SEP}${TOWN_POSTCODE}|${SEP}${UK_POSTCODE}|${SEP}${CITY}(?:${DUBLIN_DISTRICT})?(?:${IE_COUNTY})?${SEP}${EIRCODE}|${SEP}${CITY}${TOWN_CODE}|(?:,${S}(?:${AREA_WORD})?${NOT_A_COUNTRY}${CITY}){1,3}(?:${IE_COUNTY}|${TOWN_CODE}|,?${S}(?:${ZIP}|${CA_POSTCODE}|${UK_POSTCODE}))?|${LOOSE_TOWN})(?:${COUNTRY_POSTCODE})?`;
const COUNTRY_AT_END = compiled(new RegExp(`${COUNTRY}$`, 'u'));
/** A tail with a postcode (towns have no digits) or ending in a state or county, not just a town. */
const POSTAL_TAIL = compiled(new RegExp(String.raw`\d|[^\p{L}]${REGION}$`, 'u'));

/** Whether a matched tail names a state, county or postcode, not just a town (and perhaps a country). */
export function isPostalTail(tail: string | undefined): boolean {
  return tail !== undefined && POSTAL_TAIL.test(tail.replace(COUNTRY_AT_END, ''));
}

/**
 * Whether a tail is set off from the street by a comma or a line break, as a postal address is; a town
 * and country run on without either ("… Road Trips Across Australia") may be a title.
 */
export function isSeparatedTail(tail: string | undefined): boolean {
  return tail !== undefined && /^[ \t\u00a0]*[,\r\n]/.test(tail);
}

/** Whether a tail set off by a comma or line break ends in a country ("\nLeeds\nUnited Kingdom"). */
export function isCountryTail(tail: string | undefined): boolean {
  return isSeparatedTail(tail) && COUNTRY_AT_END.test(tail!);
}
/**
 * Postcodes of continental Europe: five digits (DE, FR, ES, IT), four (AT, CH, BE, LU, DK, NO), Dutch
 * "1234 AB", Portuguese "1234-567", with an optional country prefix ("D-10115", "CH-8001").
 */
const EU_POSTCODE = String.raw`(?:[A-Z]{1,2}-)?(?:\d{5}|\d{4}-\d{3}|\d{4}(?:${S0}[A-Z]{2}(?![\p{L}]))?)(?![\p{N}])`;
/** ", 10115 Berlin" / " 75002 Paris" / "\n00184 Roma (RM)" / ", 28013 Madrid, España" */
/** A Latin American neighbourhood before the postcode: ", Col. Roma Norte", ", Bairro Centro". */
const NEIGHBOURHOOD = String.raw`${SEP}(?:Col\.|Colonia|Fracc\.|Fraccionamiento|Barrio|Bairro)${S}${CITY}`;
export const EU_TAIL = String.raw`(?:(?:${NEIGHBOURHOOD})?${SEP}${EU_POSTCODE}${S}${CITY}(?:${S0}(?:\(\p{Lu}[\p{L}\p{M} .'’-]{0,30}\)|[A-Z]{2}(?![\p{L}])|CEDEX(?:${S}\d{1,2})?))?(?:${COUNTRY})?)`;
/** Canadian French: "Montréal (Québec) H2X 1Y4". */
export const QC_TAIL = String.raw`${SEP}${CITY}${S0}\((?:Québec|Qc|QC|Ontario|Nouveau-Brunswick|Manitoba)\)${S}${CA_POSTCODE}`;
// prettier-ignore
const EU_UNIT_WORDS = alternation(
  ['App', 'Appartement', 'Appartamento', 'Apartamento', 'Apt', 'Bât', 'Bâtiment', 'Esc', 'Escalera', 'Piso', 'Puerta',
    'Pta', 'Portal', 'Bloque', 'Edificio', 'Edif', 'Depto', 'Dpto', 'Departamento', 'Interior', 'Local', 'Bajo', 'Scala',
    'Sc', 'Int', 'Interno', 'Piano', 'Wohnung', 'Whg', 'Zimmer', 'Top', 'Stiege', 'Tür', 'Étage', 'Suite'],
  cap,
);
/** Which door on the landing: "3.º izquierda", "4.º dcha.", "3. OG rechts", "2e gauche". */
const UNIT_SIDE = String.raw`(?:izquierda|derecha|izda\.?|dcha\.?|centro|rechts|links|Mitte|gauche|droite|sinistra|destra)(?![\p{L}])`;
/** One floor, staircase or flat: "3. OG", "5 étage", "3º B", "2º Izda.", "Bât. A", "scala B", "Zimmer 12", "Top 4". */
export const EU_UNIT_ONE = String.raw`(?:(?:\d{1,2}(?:\.|e|er|ème)?${S0}(?:OG|Stock|Etage|EG|DG|piso|planta|piano|étage)|\d{1,2}\.?[º°ª](?:${S0}(?:[A-Za-z]{1,4}\.?|\d{1,2}))?)(?:${S}${UNIT_SIDE})?|\d{1,2}[nrtaº]${S}\d{1,2}[aª]|${EU_UNIT_WORDS}\.?${S0}[A-Za-z0-9]{1,4}|Entresuelo|[ÁA]tico)(?![\p{L}\p{N}])`;
/** Up to two of them after the house number, with or without a comma. */
export const EU_UNIT = String.raw`(?:(?:(?:,?${S}|,)${EU_UNIT_ONE}){1,2})`;
/** Unit words are no part of a street's name ("Avenue des Rosiers Apt. 5"). */
export const NOT_A_UNIT_WORD = String.raw`(?!${EU_UNIT_WORDS}(?![\p{L}]))`;

// ---- street names of en, fr, es and it ----

/** A word of a street name; "PM" in "at 5 PM Main Street" is a time. */
export const EN_NAME_WORD = String.raw`(?!(?:AM|PM)(?![\p{L}]))(?:${CAP}|\d{1,3}(?:st|nd|rd|th|ST|ND|RD|TH)(?![\p{L}\p{N}])|(?:St|Mt|Ft)\.)`;
const FR_LINK = String.raw`(?:de la|de l['’]|du|des|de|d['’]|l['’]|la|le|les|aux|au|sur|sous|en|et)`;
export const FR_NAME = String.raw`(?:${FR_LINK}${S02})?${CAP}(?:(?:${S}|-)(?:${FR_LINK}${S02})?${NOT_A_UNIT_WORD}${CAP}){0,4}`;
const ES_IT_LINK = String.raw`(?:de la|de los|de las|del|de|la|el|los|las|y|della|dello|delle|degli|dei|di|da|dal|sul|sulla|al|alla)`;
export const ES_IT_NAME = String.raw`(?:${ES_IT_LINK}${S})?${CAP}(?:${S}(?:${ES_IT_LINK}${S})?${NOT_A_UNIT_WORD}${CAP}){0,4}`;

export type AddSpan = (start: number, end: number, score: number) => void;
/** Adds a street match: its base score, plus the tail bonus when a postcode, town or flat confirms it. */
export type PushMatch = (m: RegExpMatchArray, base: number) => void;

export function isYear(houseNumber: string | undefined): boolean {
  const n = Number(houseNumber);
  return /^\d{4}$/.test(houseNumber ?? '') && n >= 1900 && n <= 2099;
}

/** A pattern that matches only where it starts: at `lastIndex`. */
export const sticky = (source: string) => compiled(new RegExp(source, 'uy'));

/** `EN_TAIL` right after a street, shared by the numbered and the numberless English streets. */
export const EN_TAIL_AT = sticky(EN_TAIL);

/**
 * The matches of a street pattern, each extended by the tail found right after it: `tail` (a postcode
 * or town that confirms the street, put in `groups.tail`) or, failing that, `extension` (text that
 * belongs to the address but confirms nothing). Tails are matched apart from the streets so that each
 * large tail pattern is compiled once rather than inside every street pattern: V8 would otherwise
 * hold megabytes of bytecode per pattern and run them in its interpreter.
 */
export function streetMatches(
  street: RegExp,
  text: string,
  tail: RegExp,
  extension?: RegExp,
): RegExpExecArray[] {
  const matches = allMatches(street, text);
  for (const m of matches) {
    const end = m.index + m[0].length;
    const found = matchAt(tail, text, end);
    if (found !== undefined) {
      m[0] += found;
      m.groups = { ...m.groups, tail: found };
    } else if (extension !== undefined) {
      m[0] += matchAt(extension, text, end) ?? '';
    }
  }
  return matches;
}

function matchAt(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] || undefined;
}
