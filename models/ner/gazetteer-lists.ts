/**
 * The gazetteer lists of a model directory (gazetteers/*.txt), which the runtime reads to rebuild
 * the model's gazetteer features and which the span rules ask ("a known first name").
 *
 * Training sees the lists of the training half of the names and places only: a stable 15% of them
 * (`lexicon.ts`) is held out so that development prompts can measure names the model never saw. The
 * shipped lists add that held-out half back, and hand-written nicknames, given names and frequent
 * surnames (`nicknames.ts`, `given-names.ts`, `frequent-surnames.ts`), except stop words and, of the
 * names that only the large birth-record lists hold, those that are common words (Hunspell stems,
 * `common-words.ts`) or places: a customer's name should not be handicapped because its hash fell in
 * the measuring half. Names that people listed as names (faker's lists, ours) stay even when they are
 * words or towns too ("Jack", "Ruby", "Oliver", "Dupont"), but not when they are a country or region;
 * cities of 150,000 people or more stay even when they are words too ("Portland", "York", "Florence").
 * `shippedGazetteerEntries` makes those lists; `build-data.ts` writes them after encoding the
 * training rows, and `ship-gazetteers.ts` rewrites them in a trained model's directory.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allLocales } from '@faker-js/faker';
import { GAZETTEER_NAMES, buildPhraseSet, normalizeWord } from '../../src/detection/ner/gazetteer.js';
import type { GazetteerName, Gazetteers } from '../../src/detection/ner/gazetteer.js';
import { ITALIAN_MONTHS, ITALIAN_WEEKDAYS, buildLexicon, legalForms } from './synthetic/lexicon.js';
import type { Lexicon } from './synthetic/lexicon.js';
import { commonWords } from './common-words.js';
import { extraNames, packageDir, type NameSplit } from './name-lists.js';
import { FREQUENT_SURNAMES } from './frequent-surnames.js';
import { GIVEN_NAMES, NAMES_ALSO_WORDS } from './given-names.js';
import { NICKNAMES } from './nicknames.js';

export type GazetteerEntries = Record<GazetteerName, string[]>;

const ORG_WORDS = [
  'bank',
  'banca',
  'banco',
  'banque',
  'university',
  'universität',
  'université',
  'universidad',
  'università',
  'hochschule',
  'college',
  'school',
  'schule',
  'école',
  'escuela',
  'scuola',
  'hospital',
  'klinikum',
  'klinik',
  'hôpital',
  'ospedale',
  'clinic',
  'clínica',
  'clinique',
  'group',
  'gruppe',
  'groupe',
  'grupo',
  'gruppo',
  'foundation',
  'stiftung',
  'fondation',
  'fundación',
  'fondazione',
  'institute',
  'institut',
  'instituto',
  'istituto',
  'council',
  'ministry',
  'ministerium',
  'ministère',
  'ministerio',
  'ministero',
  'company',
  'corporation',
  'association',
  'verein',
  'verband',
  'agency',
  'agentur',
  'agence',
  'agencia',
  'agenzia',
  'comune',
  'ayuntamiento',
  'mairie',
  'stadtwerke',
  'sparkasse',
  'volksbank',
  'airlines',
  'airways',
  'technologies',
  'systems',
  'solutions',
  'consulting',
  'labs',
  'partners',
  'holdings',
  'holding',
  'insurance',
  'versicherung',
  'assurances',
  'seguros',
  'assicurazioni',
  'motors',
  'pharma',
  'pharmaceuticals',
  'media',
  'studio',
  'cabinet',
  'kanzlei',
  'rechtsanwälte',
  'abogados',
  'avvocati',
  'committee',
  'union',
  'gewerkschaft',
  'syndicat',
  'sindicato',
  'sindacato',
  'church',
  'kirche',
  'église',
  'iglesia',
  'chiesa',
  'museum',
  'museo',
  'musée',
  'theater',
  'théâtre',
  'teatro',
  'fc',
  'club',
];
const TITLES = [
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'lady',
  'lord',
  'herr',
  'herrn',
  'frau',
  'fräulein',
  'prof. dr',
  'm',
  'mme',
  'mlle',
  'me',
  'monsieur',
  'madame',
  'mademoiselle',
  'pr',
  'sr',
  'sra',
  'srta',
  'dra',
  'don',
  'doña',
  'señor',
  'señora',
  'señorita',
  'sig',
  'sig.ra',
  'sig.na',
  'signor',
  'signora',
  'signorina',
  'dott',
  'dott.ssa',
  'ing',
  'avv',
  'geom',
  'rag',
  'arch',
];

function calendarWords(): string[] {
  const words: string[] = [];
  for (const name of ['en', 'de', 'fr', 'es', 'it']) {
    const date =
      (allLocales as Record<string, { date?: Record<string, Record<string, string[]>> }>)[name]?.date ?? {};
    for (const key of ['month', 'weekday'])
      for (const list of Object.values(date[key] ?? {})) words.push(...list);
  }
  return [...words, ...ITALIAN_MONTHS, ...ITALIAN_WEEKDAYS];
}

/**
 * The lists made from one half of the lexicon: `train` for the training lexicon, `held-out` for
 * `buildLexicon('eval')`. `withExtraNames`: the larger name lists of `name-lists.ts` (the pii-ner-v5
 * recipe on).
 */
export function gazetteerEntries(
  lexicon: Lexicon,
  split: NameSplit,
  withExtraNames: boolean,
): GazetteerEntries {
  const all = <T>(record: Record<string, T[]>) => Object.values(record).flat();
  const places = [...all(lexicon.cities), ...lexicon.worldCities, ...all(lexicon.regions)];
  const countries = all(lexicon.countries);
  const extra = withExtraNames
    ? extraNames(new Set([...places, ...countries].map((p) => p.toLowerCase())), split)
    : { firstNames: [], surnames: [] };
  return {
    first_names: [
      ...all(lexicon.firstNames),
      ...lexicon.foreignFirstNames,
      ...lexicon.eastAsianNames.flatMap((n) => n.given),
      ...extra.firstNames,
    ],
    surnames: [
      ...all(lexicon.surnames),
      ...lexicon.foreignSurnames,
      ...lexicon.eastAsianNames.flatMap((n) => n.family),
      ...extra.surnames,
    ],
    places,
    countries,
    org_suffixes: legalForms(),
    org_words: ORG_WORDS,
    titles: TITLES,
    calendar_words: calendarWords(),
  };
}

/** What keeps an addition out of the shipped lists (normalized words, `normalizeWord`). */
export interface AdditionFilters {
  /** Hunspell stems: they keep names of the birth-record lists and held-out places out. */
  commonWords: ReadonlySet<string>;
  /** Function words: they keep every addition out ("Nell" is Italian "nell'"). */
  stopWords: ReadonlySet<string>;
  /** Names that people listed as names (faker's lists of our five languages, ours), as written: not held to the two filters above. */
  curatedNames: ReadonlySet<string>;
  /** Countries and regions: never added as names, curated or not. */
  regions: ReadonlySet<string>;
  /** Cities of 150,000 people or more, as written: added as places even when they are common words too. */
  bigCities: ReadonlySet<string>;
}

/**
 * The lists a model ships: the training lists, plus the held-out names and places that pass
 * `filters`. A name only the birth-record lists hold stays out when it is a common word ("Pie",
 * "Wolf": the model never learned them as names) or a place.
 */
export function shippedGazetteerEntries(
  training: GazetteerEntries,
  heldOut: GazetteerEntries,
  filters: AdditionFilters,
): GazetteerEntries {
  const places = new Set([...training.places, ...heldOut.places, ...training.countries].map(normalizeWord));
  const regions = new Set([...training.countries, ...filters.regions].map(normalizeWord));
  const addedName = (entry: string) => {
    const key = normalizeWord(entry);
    if (filters.stopWords.has(key) || regions.has(key)) return false;
    return filters.curatedNames.has(entry) || !(filters.commonWords.has(key) || places.has(key));
  };
  const addedPlace = (entry: string) => {
    const key = normalizeWord(entry);
    return !filters.stopWords.has(key) && (filters.bigCities.has(entry) || !filters.commonWords.has(key));
  };
  return {
    ...training,
    first_names: [...training.first_names, ...heldOut.first_names.filter(addedName)],
    surnames: [...training.surnames, ...heldOut.surnames.filter(addedName)],
    places: [...training.places, ...heldOut.places.filter(addedPlace)],
  };
}

/**
 * Function words of the five languages (stopwords-iso, MIT; `npm install --no-save stopwords-iso`):
 * the Hunspell stems cover no German or Italian, and held-out "Nell" and "Dal" are Italian's "nell'"
 * and "dal".
 */
function stopWords(): string[] {
  const lists = JSON.parse(
    readFileSync(join(packageDir('stopwords-iso'), 'stopwords-iso.json'), 'utf8'),
  ) as Record<string, string[]>;
  return ['en', 'de', 'fr', 'es', 'it'].flatMap((language) => (lists[language] ?? []).map(normalizeWord));
}

/** The additions of `addableEntries`, with what their filters need: the listed names, big cities and regions. */
export type AddableEntries = GazetteerEntries & {
  curatedNames: string[];
  bigCities: string[];
  regions: string[];
};

/**
 * What the shipped lists add to the training lists before filtering: the held-out half and the
 * hand-written nicknames, given names and frequent surnames.
 */
export function addableEntries(withExtraNames: boolean): AddableEntries {
  const lexicon = buildLexicon('eval');
  const heldOut = gazetteerEntries(lexicon, 'held-out', withExtraNames);
  const handWritten = [...Object.values(NICKNAMES), ...Object.values(GIVEN_NAMES), NAMES_ALSO_WORDS].flat();
  const frequentSurnames = Object.values(FREQUENT_SURNAMES).flat();
  const fakerNames = [...Object.values(lexicon.firstNames), ...Object.values(lexicon.surnames)].flat();
  return {
    ...heldOut,
    first_names: [...heldOut.first_names, ...handWritten],
    surnames: [...heldOut.surnames, ...frequentSurnames],
    curatedNames: [...fakerNames, ...handWritten, ...frequentSurnames],
    bigCities: lexicon.worldCities,
    // Regions are not held out: either half's lexicon has them all.
    regions: Object.values(lexicon.regions).flat(),
  };
}

/**
 * The shipped lists of a recipe whose training lists are `training` and whose additions are
 * `addable` (`addableEntries`); the Hunspell stems and stop words are read here.
 */
export function shippedListsFor(training: GazetteerEntries, addable: AddableEntries): GazetteerEntries {
  const exempt = new Set(NAMES_ALSO_WORDS.map(normalizeWord));
  const withoutExempt = (words: string[]) => new Set(words.filter((word) => !exempt.has(word)));
  return shippedGazetteerEntries(training, addable, {
    commonWords: withoutExempt(commonWords()),
    stopWords: withoutExempt(stopWords()),
    curatedNames: new Set(addable.curatedNames),
    regions: new Set(addable.regions),
    bigCities: new Set(addable.bigCities),
  });
}

export function sortedUnique(entries: readonly string[]): string[] {
  return [...new Set(entries.map((e) => e.trim()).filter((e) => e !== ''))].sort();
}

/** The feature lookups of some lists, as the runtime builds them from the files. */
export function gazetteerSets(entries: GazetteerEntries, common: readonly string[] | undefined): Gazetteers {
  const sets = Object.fromEntries(
    GAZETTEER_NAMES.map((name) => [name, buildPhraseSet(sortedUnique(entries[name]))]),
  ) as Record<GazetteerName, ReturnType<typeof buildPhraseSet>>;
  return common ? { ...sets, common_words: new Set(common) } : sets;
}

export function writeGazetteerFiles(
  modelDir: string,
  entries: GazetteerEntries,
  common: readonly string[] | undefined,
): void {
  mkdirSync(join(modelDir, 'gazetteers'), { recursive: true });
  for (const name of GAZETTEER_NAMES)
    writeFileSync(join(modelDir, 'gazetteers', `${name}.txt`), sortedUnique(entries[name]).join('\n') + '\n');
  if (common) writeFileSync(join(modelDir, 'gazetteers', 'common_words.txt'), common.join('\n') + '\n');
}
