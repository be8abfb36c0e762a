import { allMatches } from '../all-matches.js';
import {
  alternation,
  AREA_WORD,
  CA_POSTCODE,
  CAP,
  CITY,
  compiled,
  COUNTRY,
  E,
  EU_UNIT_ONE,
  isYear,
  NOT_A_TOWN_START,
  NOT_A_UNIT_WORD,
  S,
  S0,
  SCORE_STREET,
  SCORE_WEAK_TYPE,
  SEP,
  startingWith,
  sticky,
  streetMatches,
  TAIL_BONUS,
  type AddSpan,
  type PushMatch,
} from './address-parts.js';

/**
 * Street addresses of countries beyond our five languages, as they turn up in prompts written in any
 * of them (a customer in Rotterdam, a supplier in Kraków):
 *   "Keizersgracht 123, 1015 CJ Amsterdam", "Storgatan 12, 114 55 Stockholm", "Mannerheimintie 5 A 2"
 *                                             (name with a glued street word, number: nl, sv, no, da, fi)
 *   "Hannas väg 4", "Henriks vei 91"          (a name and a separate street word: sv, no, da)
 *   "Andrássy út 22.", "Brīvības iela 21 - 5", "Jadranska cesta 60b", "Atatürk Caddesi No: 12"
 *                                             (name, street word, number: hu, lv, sl, hr, sr, cs, sk, tr)
 *   "Rua Augusta, 1500", "Strada Lipscani nr. 5", "Jl. Sudirman No. 5", "ul. Marszałkowska 10/12"
 *                                             (street word, name, number: pt, ro, id, pl, hr, cs, sk)
 * with each country's flats, floors and postcodes ("lgh 1204", "6. th.", "bl. 4, ap. 36", "32-399",
 * "114 55", "LV-1010", "01304-001"). The street words are what tells a street from any other name
 * and number; words that are ordinary words too ("park", "gate", "lund") count only with a postcode,
 * a flat or an address word nearby.
 */

// ---- numbers, flats, postcodes ----

/** "12", "12a", "74/257", "35/B", "165 - 34". */
const NUMBER = String.raw`\d{1,4}[a-zA-Z]?(?:${S0}[-/]${S0}(?:\d{1,4}[a-zA-Z]?|[A-Za-z](?![\p{L}])))?`;
/** "nr. 5", "No: 12", "n.º 4", "br. 7", "č. 3", "d. 7", "д. 7", "буд. 7": words for "number" (or house) before it. */
const NUMBER_WORD = String.raw`(?:(?:nr|Nr|No|no|br|č|n\.?º|nº|n°)\.?:?${S0}|(?:d|д|буд)\.${S0}|дом${S}|№${S0})`;
// prettier-ignore
const UNIT_ONE = String.raw`(?:(?:${alternation([
  'lgh', 'Lgh', 'bus', 'Bus', 'm.', 'bl.', 'Bl.', 'sc.', 'Sc.', 'ap.', 'Ap.', 'et.', 'Et.', 'apto', 'Apto', 'apto.', 'Apto.',
  'sala', 'Sala', 'casa', 'Casa', 'loja', 'Loja', 'bloco', 'Bloco', 'lote', 'Lote', 'stan', 'Stan', 'kat', 'Kat', 'sprat',
  'Sprat', 'dz.', 'kv.', 'lok.', 'D:', 'Daire', 'кв.', 'оф.', 'корп.', 'стр.', 'к.',
])})${S0}[A-Z0-9]{1,4}|(?:st|\d{1,2})\.${S0}(?:th|tv|mf)\.?|\d{1,2}\.${S0}em\.?(?:${S0}\d{1,3}\.?)?|\d{1,2}\.?[ºª°]${S0}(?:Esq|Dto|Frente|[A-Z])\.?|[A-H]${S}\d{1,3}|${EU_UNIT_ONE})(?![\p{L}\p{N}])`;
/** Up to three flats, floors or staircases after the number: "bl. 4, ap. 36", "A 2", ", 6. th.". */
const UNIT = String.raw`(?:(?:,?${S}|,)${UNIT_ONE}){1,3}`;
/**
 * Postcodes before the town: four to six digits, "32-399" (PL), "114 55" (SE, CZ, SK), "1234 AB"
 * (NL), "1234-567" (PT), "101" (IS), "C1043AAZ" (AR), with an optional country prefix ("LV-1010", "LT-01103").
 */
const POSTCODE = String.raw`(?:(?:[A-Z]{1,2}-|LV)?(?:\d{2}-\d{3}|\d{4}-\d{3}|\d{3}${S}\d{2}|\d{6}|\d{5}|\d{4}(?:${S0}[A-Z]{2}(?![\p{L}]))?|\d{3}(?=${S}\p{Lu}))|[A-Z]\d{4}[A-Z]{0,3})(?![\p{L}\p{N}])`;
/** A region after the town: "Pinhel (PT)", "São Paulo - SP". */
const REGION = String.raw`(?:${S0}\(\p{Lu}[\p{L}\p{M} .'’-]{0,30}\)|${S0}[-–/]${S0}[A-Z]{2}(?![\p{L}]))`;
/** A district or town after the street: ", Consolação", " - Consolação", ", Quận 1", ", Gangnam-gu". */
const AREA = String.raw`(?:${SEP}|${S0}[-–]${S0})(?:${AREA_WORD}(?:\d{1,2}(?![\p{L}\p{N}])|${CITY})|${CITY})`;
/** The town first, then its code: "São Paulo - SP, 01304-001", "Rīga, LV-1010", "Jakarta 10220", "Montréal (Québec) H2X 1Y4". */
const TOWN_THEN_CODE = String.raw`(?:${AREA}){1,3}${REGION}?(?:,?${S}|${SEP})(?:CEP:?${S0}|LV-?)?(?:\d{5}-\d{3}|\d{6}|\d{5}|\d{4}|${CA_POSTCODE})(?![\p{L}\p{N}])`;
/** Postcode, then town: "114 55 Stockholm", "32-399 Radzymin", "1015 CJ Amsterdam", "LV-1010 Rīga". */
export const POSTCODE_TOWN = String.raw`${SEP}${POSTCODE}${S}${CITY}${REGION}?(?:${COUNTRY})?`;
const TAIL = String.raw`(?:${POSTCODE_TOWN}|${TOWN_THEN_CODE}(?:${COUNTRY})?)`;
/** Districts and towns with no postcode ("…, Vilnius", "…, Quận 1, Hồ Chí Minh"): they extend a street, not confirm it. */
const TOWNS = String.raw`(?:${AREA}){1,3}(?:${COUNTRY})?`;

/** Postcode and town written before the street: "2650 Mórahalom, László út 22.", "101000, г. Москва, ул. …". */
const HEAD = String.raw`\d{4,6},?${S}(?:${AREA_WORD})?${CITY},${S}`;

const TAIL_AT = sticky(TAIL);
const TOWNS_AT = sticky(TOWNS);

// ---- a name with a glued street word: "Keizersgracht 123", "Storgatan 12", "Mannerheimintie 5" ----

// prettier-ignore
const GLUED_STRONG = [
  // nl
  'straat', 'laan', 'plein', 'gracht', 'kade', 'dijk', 'singel', 'plantsoen', 'dreef', 'steeg', 'straatweg',
  // sv
  'gatan', 'vägen', 'gränd', 'gränden', 'torget', 'stigen', 'allén', 'backen', 'leden', 'platsen',
  // no
  'veien', 'vei', 'vegen', 'veg', 'gata', 'gaten', 'stien', 'kroken', 'svingen', 'haugen', 'bakken', 'plassen',
  'alléen', 'løkka', 'tunet', 'brinken', 'åsen', 'grenda', 'vollen', 'gärdet',
  // da
  'vej', 'gade', 'stræde', 'vænget', 'plads', 'allé', 'engen', 'toften', 'høj',
  // fi
  'katu', 'kuja', 'polku', 'rinne', 'kaari', 'penger', 'väylä', 'raitti', 'aukio', 'ranta', 'piha', 'linja', 'kierros',
  'mäki', 'tanhua',
  // is
  'vegur', 'stræti', 'braut', 'stígur',
];
// Endings of everyday words too: "Watergate 2", "Denmark 3", "Bowtie 5", "Australia 1".
// prettier-ignore
const GLUED_WEAK = ['hof', 'park', 'pad', 'baan', 'wal', 'veld', 'dam', 'vest', 'lei', 'markt', 'gate', 'lia', 'torv',
  'parken', 'have', 'lund', 'holm', 'mark', 'vang', 'tie', 'tori', 'puisto'];
/** Words before the name: "Västra Ekgränden", "Søndre Gate", "Nieuwe Binnenweg". */
// prettier-ignore
const QUALIFIERS = ['Norra', 'Södra', 'Östra', 'Västra', 'Stora', 'Lilla', 'Nedre', 'Övre', 'Gamla', 'Nya', 'Nordre',
  'Søndre', 'Østre', 'Vestre', 'Store', 'Lille', 'Gamle', 'Nye', 'Øvre', 'Nieuwe', 'Oude', 'Korte', 'Lange', 'Hoge',
  'Lage', 'Kleine', 'Grote', 'Sankt', 'Sint', 'St.', 'Van', 'De', 'Den', 'Het'];
/** The street word on its own after a name, often a genitive: "Hannas Väg", "Henriks vei", "Nordins Gata". */
// prettier-ignore
const SEPARATE_STRONG = ['Väg', 'Vägen', 'Gata', 'Gatan', 'Vei', 'Veien', 'Veg', 'Vegen', 'Vej', 'Gade', 'Allé', 'Gränd',
  'Torg', 'Plass', 'Plads', 'Stræde'];
const SEPARATE_WEAK = ['Gate', 'Gaten', 'Torget', 'Plan'];
/** "van der Heijdenstraat", "de Ruyterkade": Dutch names keep their lower-case particles. */
const DUTCH_PARTICLE = String.raw`(?:van der|van den|van de|van|de|den|der|ten|ter|['’]t)${S}`;
const GLUED_STREET = compiled(
  new RegExp(
    String.raw`${startingWith("[\\p{Lu}vdt'’]")}(?:${alternation(QUALIFIERS)}${S}|${DUTCH_PARTICLE})?(?:\p{Lu}[\p{Ll}\p{M}\-]{1,30}(?<glued>${alternation([...GLUED_STRONG, ...GLUED_WEAK])})|(?:${NOT_A_TOWN_START}${CAP}${S})?\p{Lu}[\p{Ll}\p{M}]{1,30}${S}(?<separate>${alternation([...SEPARATE_STRONG, ...SEPARATE_WEAK].flatMap((w) => [w, w.toLowerCase()]))}))${S0}(?<number>${NUMBER})${E}(?<unit>${UNIT})?`,
    'gu',
  ),
);
const GLUED_HINT = compiled(
  new RegExp(
    String.raw`${alternation([...GLUED_STRONG, ...GLUED_WEAK, ...SEPARATE_STRONG, ...SEPARATE_WEAK].flatMap((w) => [w.toLowerCase(), w[0]!.toUpperCase() + w.slice(1)]))}${S0}$`,
    'u',
  ),
);
const GLUED_IS_WEAK = new Set([...GLUED_WEAK, ...SEPARATE_WEAK.map((w) => w.toLowerCase())]);

// ---- name, then street word: "Andrássy út 22.", "Brīvības iela 21", "Atatürk Caddesi No: 12" ----

// prettier-ignore
const HU_STRONG = ['utca', 'u.', 'út', 'útja', 'tér', 'tere', 'körút', 'krt.', 'körtér', 'sétány', 'fasor', 'rakpart',
  'határút', 'országút', 'főút', 'főtér', 'lépcső', 'dűlő', 'lakótelep'];
// prettier-ignore
const AFTER_STRONG = [
  ...HU_STRONG,
  // lv
  'iela', 'laukums', 'gatve', 'prospekts', 'bulvāris', 'gāte', 'dambis', 'šoseja', 'krastmala', 'ceļš',
  // lt, et
  'g.', 'gatvė', 'pr.', 'prospektas', 'alėja', 'mnt', 'mnt.', 'maantee', 'tn', 'tn.', 'tänav', 'pst', 'puiestee',
  // sl, hr, sr
  'ulica', 'cesta', 'trg', 'obala', 'nabrežje', 'šetalište', 'bulevar', 'vijenac',
  // cs, sk
  'náměstí', 'nám.', 'třída', 'tř.', 'nábřeží', 'námestie', 'nábrežie',
  // ru, uk
  'улица', 'ул.', 'вулиця', 'вул.', 'проспект', 'просп.', 'пр.', 'переулок', 'пер.', 'провулок', 'бульвар', 'шоссе',
  'шосе', 'набережная', 'набережна', 'наб.', 'площадь', 'площа', 'пл.', 'майдан', 'проезд', 'тупик', 'аллея', 'алея',
  'линия', 'ал.',
  // tr
  'Sokak', 'Sokağı', 'Sok.', 'Sk.', 'Caddesi', 'Cad.', 'Cd.', 'Bulvarı', 'Blv.', 'Yolu', 'Çıkmazı', 'Meydanı',
  'sokak', 'caddesi', 'bulvarı',
];
// Ordinary words as well ("Then put 5 eggs in", "Hyde park 5"): they need a postcode, a flat or an address word.
const AFTER_WEAK = ['sor', 'köz', 'liget', 'park', 'udvar', 'pot', 'put', 'sady', 'alej', 'aleja'];
/** Hungarian writes the house number with a dot: "Andrássy út 22." */
const HU_WORDS = [...HU_STRONG, 'sor', 'köz', 'liget', 'park', 'udvar'];
const AFTER_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('[\\p{Lu}\\d]')}(?<head>${HEAD})?${NOT_A_TOWN_START}(?:${CAP}${S}){1,3}(?<type>${alternation([...AFTER_STRONG, ...AFTER_WEAK])}),?${S0}${NUMBER_WORD}?(?<number>${NUMBER})(?:(?<=${alternation([...HU_WORDS])}[^\n]{1,12})\.(?![\p{L}\p{N}]))?${E}(?<unit>${UNIT})?`,
    'gu',
  ),
);
const AFTER_HINT = compiled(
  new RegExp(String.raw`${alternation([...AFTER_STRONG, ...AFTER_WEAK])},?${S0}${NUMBER_WORD}?$`, 'u'),
);

// ---- street word first: "Rua Augusta, 1500", "Strada Lipscani nr. 5", "Jl. Sudirman No. 5", "ul. Długa 5" ----

// prettier-ignore
const FIRST_TYPES = [
  // pt
  'Rua', 'R.', 'Avenida', 'Av.', 'Travessa', 'Tv.', 'Praça', 'Praceta', 'Largo', 'Estrada', 'Rodovia', 'Alameda',
  'Calçada', 'Beco', 'Ladeira', 'Viela', 'Marginal', 'Bairro', 'Vila', 'Quinta', 'Rotunda', 'Caminho', 'Jardim',
  'Servidão', 'Passagem', 'Loteamento', 'Residencial', 'Condomínio', 'Parque', 'Viaduto',
  // ro
  'Strada', 'Str.', 'Bulevardul', 'Bd.', 'Bdul.', 'B-dul', 'Calea', 'Aleea', 'Piața', 'Piata', 'Șoseaua', 'Soseaua',
  'Șos.', 'Intrarea', 'Splaiul', 'Drumul', 'Fundătura', 'Prelungirea', 'Pasajul',
  // id
  'Jalan', 'Jl.', 'Jln.', 'Gang', 'Gg.', 'Kampung', 'Kpg.', 'Lorong', 'Komplek', 'Perumahan', 'Persiaran', 'Lebuh',
  'Lebuhraya',
  // el
  'Οδός', 'Οδ.', 'Λεωφόρος', 'Λεωφ.', 'Πλατεία', 'Πλ.', 'Πάροδος', 'Παρ.',
  // hr, sr, sl
  'Ulica', 'Cesta', 'Trg', 'Obala', 'Vijenac', 'Šetalište', 'Bulevar', 'Prilaz', 'Perivoj', 'Naselje',
];
/** Street words written in lower case as a rule (pl, cs, sk, ru, uk): "ul. Długa", "náměstí Míru", "ул. Ленина". */
// prettier-ignore
const FIRST_TYPES_LOWER = ['ul.', 'ulica', 'al.', 'aleja', 'pl.', 'plac', 'os.', 'osiedle', 'bulw.', 'bulwar', 'skwer',
  'rondo', 'wyb.', 'wybrzeże', 'ogród', 'rynek', 'Rynek', 'droga', 'trakt', 'náměstí', 'nám.', 'třída', 'tř.',
  'nábřeží', 'námestie', 'nábrežie',
  // ru, uk, bg, sr
  'ул.', 'улица', 'Улица', 'вул.', 'вулиця', 'Вулиця', 'пр.', 'пр-т', 'просп.', 'проспект', 'Проспект', 'пер.', 'переулок',
  'пров.', 'провулок', 'бул.', 'б-р', 'бульв.', 'бульвар', 'ш.', 'шоссе', 'шосе', 'наб.', 'набережная', 'набережна',
  'пл.', 'площадь', 'площа', 'майдан', 'проезд', 'проїзд', 'туп.', 'тупик', 'аллея', 'алея', 'мкр.', 'микрорайон',
  'узвіз', 'ал.'];
// Portuguese, Romanian and South Slavic names take lower-case words: "Rua da Prata", "Calea lui Traian", "Trg bana Jelačića".
const FIRST_LINK = String.raw`(?:da|do|das|dos|de|e|lui|cu|\p{Ll}{3,12})`;
const FIRST_NAME = String.raw`(?:${FIRST_LINK}${S})?${CAP}(?:${S}(?:${FIRST_LINK}${S})?${NOT_A_UNIT_WORD}${CAP}){0,4}`;
const FIRST_STREET = compiled(
  new RegExp(
    String.raw`${startingWith(`[\\d${[...new Set([...FIRST_TYPES, ...FIRST_TYPES_LOWER].map((w) => w[0]))].join('')}]`)}(?<head>${HEAD})?(?<!et${S})${alternation([...FIRST_TYPES, ...FIRST_TYPES_LOWER])}${S}${FIRST_NAME},?${S}(?:${NUMBER_WORD}?(?<number>${NUMBER})${E}|s/n\.?)(?<unit>${UNIT})?`,
    'gu',
  ),
);
const FIRST_HINT = compiled(
  new RegExp(String.raw`${alternation([...FIRST_TYPES, ...FIRST_TYPES_LOWER])}${S}`, 'u'),
);

// ---- number first, then a street word: "No. 12, Jalan Ampang" (MY), "123 Teheran-ro" (KR) ----

const MY_TYPES = alternation(['Jalan', 'Jln.', 'Jl.', 'Lorong', 'Persiaran', 'Lebuh', 'Lebuhraya']);
const MY_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('[\\dN]')}(?<![\p{L}\p{N}])(?:No\.?${S0})?(?<number>\d{1,4}[A-Z]?(?:-\d{1,3})?),?${S}${MY_TYPES}${S}${FIRST_NAME}${E}`,
    'gu',
  ),
);
const MY_HINT = compiled(new RegExp(String.raw`\d,?${S}${MY_TYPES}`, 'u'));
/** Korean roads in Latin letters: "152 Teheran-ro", "12 Bongeunsa-ro 86-gil", "Teheran-ro 152". */
const KR_ROAD = String.raw`\p{Lu}[\p{Ll}]{1,20}-(?:ro|gil|daero)(?:${S}\d{1,3}(?:beon)?-gil)?`;
const KR_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('[\\d\\p{Lu}]')}(?<![\p{L}\p{N}])(?:(?<number>\d{1,4}(?:-\d{1,3})?),?${S}${KR_ROAD}|${KR_ROAD}${S}(?<after>\d{1,4}(?:-\d{1,3})?))${E}`,
    'gu',
  ),
);
const KR_HINT = /\p{Ll}-(?:ro|gil|daero)(?![\p{L}])/u;
/** Colombia's numbered grid: "Calle 100 # 15-20", "Carrera 7 No. 71-21", "Cra. 11A # 93-52". */
const CO_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('[CKADTcad]')}(?<![\p{L}])(?:Calle|Carrera|Cra\.|Cr\.|Cl\.|Kr\.|Avenida|Av\.|Diagonal|Dg\.|Transversal|Tv\.|Ak|Ac|calle|carrera)${S}\d{1,3}[A-Z]?(?:${S0}Bis)?(?:${S}(?:Sur|Norte|Este|Oeste))?${S}(?:#|No\.?|N[°º])${S0}\d{1,3}[A-Z]?${S0}-${S0}\d{1,3}${E}(?<unit>${UNIT})?`,
    'gu',
  ),
);
const CO_HINT = /(?:#|No\.?|N[°º]) ?\d{1,3}[A-Z]? ?- ?\d/u;
/** Vietnam: "123 Nguyễn Huệ, Quận 1", "12 Đường Lê Lợi, Phường Bến Nghé": the ward or district words confirm it. */
const VN_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('\\d')}(?<![\p{L}\p{N}])(?<number>\d{1,4}[A-Z]?(?:/\d{1,3})?)${S}(?:(?:Đường|Phố|đường|phố)${S})?${CAP}(?:${S}${CAP}){0,3}(?:${SEP}(?:Phường|P\.|Quận|Q\.|Huyện|Xã|Thị xã)${S}(?:\d{1,2}(?![\p{L}\p{N}])|${CAP}(?:${S}${CAP}){0,3})){1,2}(?:${TOWNS})?`,
    'gu',
  ),
);
const VN_HINT = /[,\n][ \t]{0,2}(?:Phường|Quận|Huyện|Xã|Thị xã|P\.|Q\.) /u;

// ---- Japan, in Latin letters: "1-2-3 Shibuya, Shibuya-ku, Tokyo 150-0002" ----

const JP_AREA = String.raw`${CAP}(?:-(?:ku|shi|gun|cho|machi|mura))?`;
/**
 * Block, building and flat numbers ("1-2-3") and the areas after them; only a ward, city or
 * district suffix ("-ku", "-shi") or a postcode ("150-0002") tells it from a score or a date.
 */
const JP_ADDRESS = compiled(
  new RegExp(
    String.raw`${startingWith('\\d')}(?<![\p{L}\p{N}\-/.])\d{1,2}-\d{1,2}(?:-\d{1,3})?${S}${JP_AREA}(?:,${S}${JP_AREA}){0,3}(?<postcode>,?${S}\d{3}-\d{4}(?![\p{N}]))?(?:${COUNTRY})?`,
    'gu',
  ),
);
const JP_CONFIRMED = /-(?:ku|shi|gun|cho|machi|mura)\b/;
const JP_HINT = /\d-\d{1,2}(?:-\d{1,3})? \p{Lu}/u;

// ---- no street word, in Central and South-East Europe: "Radonická 77/19", "Ribarska 5" ----

/**
 * Many Czech, Slovak and South Slavic streets are an adjective or a genitive alone; the ending and a
 * number make a street likely, not certain ("Petrova 5" may be a name and a count), so they need a
 * postcode, a flat or an address word.
 */
const ADJECTIVE_STREET = compiled(
  new RegExp(
    String.raw`${startingWith('\\p{Lu}')}\p{Lu}\p{Ll}{2,25}(?:ská|cká|ní|ová|ova|eva|ska|ška|čka|ina|ého)${S}(?<number>${NUMBER})${E}(?<unit>${UNIT})?`,
    'gu',
  ),
);
const ADJECTIVE_HINT = /(?:ská|cká|ní|ová|ova|eva|ska|ška|čka|ina|ého) $/u;

/**
 * What stands before each number of the text on its line, up to `width` characters: every street
 * here has its street word there, so the hints test these few characters instead of the whole text.
 */
function beforeNumbers(text: string, width: number): string[] {
  const windows: string[] = [];
  let lineStart = 0;
  for (const m of allMatches(DIGITS, text)) {
    // Newlines are looked for only between numbers: a search back from each would be quadratic.
    for (
      let nl = text.indexOf('\n', lineStart);
      nl !== -1 && nl < m.index;
      nl = text.indexOf('\n', lineStart)
    )
      lineStart = nl + 1;
    windows.push(text.slice(Math.max(lineStart, m.index - width), m.index));
  }
  return windows;
}
const DIGITS = /\d+/g;
const NEAR = 40;
const LINE = 120;

/**
 * "Live in Stockholm 2012": a year where the house number would be, with no postcode or flat after
 * it, is no street of these forms (their street words end town names too: "-holm", "-dam", "-lia").
 */
function pushStreet(push: PushMatch, m: RegExpMatchArray, base: number): void {
  const confirmed = m.groups?.['tail'] !== undefined || m.groups?.['unit'] !== undefined;
  if (confirmed || !isYear(m.groups?.['number'])) push(m, base);
}

/** A town and postcode written first ("2650 Mórahalom, László út 22.") confirm a street as a tail would. */
function pushWithHead(add: AddSpan, push: PushMatch, m: RegExpMatchArray, base: number): void {
  if (m.groups?.['head'] !== undefined) add(m.index!, m.index! + m[0].length, base + TAIL_BONUS);
  else pushStreet(push, m, base);
}

/** Streets of the countries above, each pushed with its score before a postcode, flat or address word. */
export function findWorldStreets(text: string, add: AddSpan, push: PushMatch): void {
  const line = beforeNumbers(text, LINE);
  if (line.length === 0) return;
  const near = line.map((w) => w.slice(-NEAR));
  const anyNear = (hint: RegExp) => near.some((w) => hint.test(w));
  if (anyNear(GLUED_HINT)) {
    for (const m of streetMatches(GLUED_STREET, text, TAIL_AT, TOWNS_AT)) {
      const word = (m.groups?.['glued'] ?? m.groups?.['separate'] ?? '').toLowerCase();
      pushStreet(push, m, GLUED_IS_WEAK.has(word) ? SCORE_WEAK_TYPE : SCORE_STREET);
    }
  }
  if (anyNear(AFTER_HINT)) {
    for (const m of streetMatches(AFTER_STREET, text, TAIL_AT, TOWNS_AT)) {
      const type = m.groups?.['type'] ?? '';
      const base = AFTER_WEAK.includes(type) ? SCORE_WEAK_TYPE : SCORE_STREET;
      pushWithHead(add, push, m, base);
    }
  }
  if (JP_HINT.test(text)) {
    for (const m of allMatches(JP_ADDRESS, text)) {
      if (m.groups?.['postcode'] !== undefined)
        add(m.index, m.index + m[0].length, SCORE_STREET + TAIL_BONUS);
      else if (JP_CONFIRMED.test(m[0])) add(m.index, m.index + m[0].length, SCORE_STREET);
    }
  }
  if (MY_HINT.test(text))
    for (const m of streetMatches(MY_STREET, text, TAIL_AT, TOWNS_AT)) pushStreet(push, m, SCORE_STREET);
  if (KR_HINT.test(text))
    for (const m of streetMatches(KR_STREET, text, TAIL_AT, TOWNS_AT)) pushStreet(push, m, SCORE_STREET);
  if (CO_HINT.test(text))
    for (const m of streetMatches(CO_STREET, text, TAIL_AT, TOWNS_AT)) pushStreet(push, m, SCORE_STREET);
  if (VN_HINT.test(text)) for (const m of allMatches(VN_STREET, text)) pushStreet(push, m, SCORE_STREET);
  if (anyNear(ADJECTIVE_HINT))
    for (const m of streetMatches(ADJECTIVE_STREET, text, TAIL_AT, TOWNS_AT))
      pushStreet(push, m, SCORE_WEAK_TYPE);
  if (line.some((w) => FIRST_HINT.test(w))) {
    for (const m of streetMatches(FIRST_STREET, text, TAIL_AT, TOWNS_AT))
      pushWithHead(add, push, m, SCORE_STREET);
  }
}
