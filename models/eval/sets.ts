import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_ENTITY_TYPES } from '../../src/detection/types.js';
import { readConll, readPiiChat, readPresidioSynth } from './corpora.js';
import type { EvalExample } from './example.js';
import { addressDevExamples } from './address-dev.js';
import { addressLooseDevExamples } from './address-loose-dev.js';
import { addressWorldDevExamples } from './address-world-dev.js';
import { readBtc, readWnut, type LabelledText } from '../ner/corpora.js';
import { DEV_SEED, devPrompts } from '../ner/synthetic/dev-prompts.js';
import { buildLexicon, LANGUAGES } from '../ner/synthetic/lexicon.js';

export interface LoadedSet {
  examples: EvalExample[];
  /** Texts with no personal data at all; any entity found in them is a false positive. */
  clean: EvalExample[];
}

/** Published scores to print beside ours. */
export interface ReferenceScore {
  name: string;
  precision: number;
  recall: number;
  fBeta: number;
}

export interface EvalSet {
  name: string;
  description: string;
  /** Entity types scored; predictions of other types are dropped before scoring. */
  scoredTypes: readonly string[];
  /** Corpus labels left out of scoring on purpose, with why. */
  ignoredLabels: string;
  /** When set, also print presidio-research's token-level scores with this F-beta. */
  tokenLevelBeta?: number;
  references?: readonly ReferenceScore[];
  /** Whether the DESIGN targets (structured types, PERSON recall, clean-text false positives) apply. */
  checkTargets: boolean;
  load(dataDir: string): Promise<LoadedSet>;
}

const PEOPLE_PLACES_ORGS = ['PERSON', 'LOCATION', 'ORGANIZATION'] as const;

const PER_LOC_ORG: Readonly<Record<string, string>> = {
  PER: 'PERSON',
  LOC: 'LOCATION',
  ORG: 'ORGANIZATION',
};

/** GPE is a location in our scheme; DATE_TIME is any date, not a date of birth, so it is not scored. */
const PRESIDIO_LABELS: Readonly<Record<string, string>> = {
  PERSON: 'PERSON',
  GPE: 'LOCATION',
  STREET_ADDRESS: 'STREET_ADDRESS',
  ORGANIZATION: 'ORGANIZATION',
  CREDIT_CARD: 'CREDIT_CARD',
  PHONE_NUMBER: 'PHONE_NUMBER',
  EMAIL_ADDRESS: 'EMAIL_ADDRESS',
  IBAN_CODE: 'IBAN_CODE',
  US_SSN: 'US_SSN',
  IP_ADDRESS: 'IP_ADDRESS',
};

export const PII_CHAT_DIR = fileURLToPath(new URL('../../test/data/pii-chat/', import.meta.url));
/** Hand-written like pii-chat, by other hands and without reading it, for tuning (models/eval/pii-chat-dev). */
export const PII_CHAT_DEV_DIR = fileURLToPath(new URL('./pii-chat-dev/', import.meta.url));
/** Written by a writer who read nothing of this repository (models/eval/pii-chat-blind-dev/README.md). */
export const PII_CHAT_BLIND_DEV_DIR = fileURLToPath(new URL('./pii-chat-blind-dev/', import.meta.url));

export const PII_CHAT_BLIND2_DEV_DIR = fileURLToPath(new URL('./pii-chat-blind2-dev/', import.meta.url));
/** English web text (reviews, forum posts, e-mails, blogs) written blind, like UNER-EWT's genres. */
export const WEB_BLIND_DEV_DIR = fileURLToPath(new URL('./web-blind-dev/', import.meta.url));
/** A third blind chat set, heavier on it/es/fr name forms: honorifics, particles, initials, lower-case chat. */
export const PII_CHAT_BLIND3_DEV_DIR = fileURLToPath(new URL('./pii-chat-blind3-dev/', import.meta.url));

export const EVAL_SETS: readonly EvalSet[] = [
  {
    name: 'uner-ewt-dev',
    description: 'Universal NER, English Web Treebank, dev split (web answers, e-mail, reviews, blogs)',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PER, LOC, ORG only)',
    checkTargets: false,
    load: async (dataDir) => ({
      examples: await readConll(
        join(dataDir, 'uner-ewt/en_ewt-ud-dev.iob2'),
        { tokenColumn: 1, tagColumn: 2, hasCommentLines: true, labelMap: PER_LOC_ORG },
        'uner-ewt-dev',
      ),
      clean: [],
    }),
  },
  {
    name: 'btc-test',
    description: 'Broad Twitter Corpus, test split (English tweets)',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PER, LOC, ORG only)',
    checkTargets: false,
    load: async (dataDir) => ({
      examples: await readConll(
        join(dataDir, 'btc/btc.test'),
        { tokenColumn: 0, tagColumn: 1, hasCommentLines: false, labelMap: PER_LOC_ORG },
        'btc-test',
      ),
      clean: [],
    }),
  },
  {
    name: 'wnut17-test',
    description: 'WNUT-17 emerging entities, test split (English social media)',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'group, product, creative-work',
    checkTargets: false,
    load: async (dataDir) => ({
      examples: await readConll(
        join(dataDir, 'wnut17/emerging.test.annotated'),
        {
          tokenColumn: 0,
          tagColumn: 1,
          hasCommentLines: false,
          labelMap: { person: 'PERSON', location: 'LOCATION', corporation: 'ORGANIZATION' },
        },
        'wnut17-test',
      ),
      clean: [],
    }),
  },
  {
    name: 'presidio-synth',
    description: 'presidio-research synth_dataset_v2.json (synthetic English PII sentences)',
    scoredTypes: Object.values(PRESIDIO_LABELS),
    ignoredLabels:
      'DATE_TIME (not a date of birth), AGE, TITLE, NRP, ZIP_CODE, DOMAIN_NAME, US_DRIVER_LICENSE',
    tokenLevelBeta: 2,
    references: [
      { name: 'Presidio, spaCy en_core_web_lg (published)', precision: 0.685, recall: 0.603, fBeta: 0.618 },
      {
        name: 'Presidio, transformers + extra recognizers (published)',
        precision: 0.87,
        recall: 0.839,
        fBeta: 0.845,
      },
    ],
    checkTargets: false,
    load: async (dataDir) => ({
      examples: await readPresidioSynth(
        join(dataDir, 'presidio-research/synth_dataset_v2.json'),
        PRESIDIO_LABELS,
      ),
      clean: [],
    }),
  },
  {
    name: 'pii-chat',
    description: 'our hand-written multilingual chat prompts (test/data/pii-chat), en de fr es it',
    scoredTypes: BUILTIN_ENTITY_TYPES,
    ignoredLabels: 'none',
    checkTargets: true,
    load: () => readPiiChat(PII_CHAT_DIR),
  },
];

/** A training-corpus reader's texts as examples: entity-free texts count as clean ones. */
function labelledExamples(name: string, texts: readonly LabelledText[], lang?: string): LoadedSet {
  const examples = texts.map((t, i): EvalExample => ({
    id: `${name}-${i + 1}`,
    ...(lang ? { lang } : {}),
    text: t.text,
    gold: t.spans.map(({ type, start, end }) => ({ type, start, end })),
    ignored: (t.ignored ?? []).map(({ start, end }) => ({ type: 'ignored', start, end })),
  }));
  const isClean = (e: EvalExample) => e.gold.length === 0 && e.ignored.length === 0;
  return { examples: examples.filter((e) => !isClean(e)), clean: examples.filter(isClean) };
}

const DEV_SYNTHETIC_PER_LANGUAGE = 300;

/**
 * Development data: what detection rules and model choices are tuned on, never reported as results
 * and never trained on. Run only when named (`--set synthetic-dev`).
 */
export const DEV_SETS: readonly EvalSet[] = [
  {
    name: 'synthetic-dev',
    description:
      'training templates filled with held-out names, places and companies (a seed of their own), per language; names training never saw, but since 2026-11-24 most of them are in the shipped gazetteers',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'structured values in the templates are not labelled here',
    checkTargets: false,
    load: () => {
      const lexicon = buildLexicon('eval');
      const sets = LANGUAGES.map((language, i) =>
        labelledExamples(
          `synthetic-dev-${language}`,
          devPrompts(lexicon, DEV_SEED + i, DEV_SYNTHETIC_PER_LANGUAGE, language),
          language,
        ),
      );
      return Promise.resolve({
        examples: sets.flatMap((s) => s.examples),
        clean: sets.flatMap((s) => s.clean),
      });
    },
  },
  {
    name: 'btc-dev',
    description: 'Broad Twitter Corpus, dev split (English tweets)',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PER, LOC, ORG only)',
    checkTargets: false,
    load: () => Promise.resolve(labelledExamples('btc-dev', readBtc('dev'))),
  },
  {
    name: 'wnut17-dev',
    description: 'WNUT-17 emerging entities, dev split (English social media)',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'group, product, creative-work',
    checkTargets: false,
    load: () => Promise.resolve(labelledExamples('wnut17-dev', readWnut('emerging.dev.conll'))),
  },
  {
    name: 'address-dev',
    description:
      'street addresses made by @faker-js/faker in 13 locales of our five languages, alone or with town and postcode, in short prompts',
    scoredTypes: ['STREET_ADDRESS'],
    ignoredLabels: 'only street addresses are labelled',
    checkTargets: false,
    load: () => Promise.resolve(addressDevExamples()),
  },
  {
    name: 'address-world-dev',
    description:
      'street addresses of 33 other countries in their postal formats and scripts (parts from @faker-js/faker), in English prompts',
    scoredTypes: ['STREET_ADDRESS'],
    ignoredLabels: 'only street addresses are labelled',
    checkTargets: false,
    load: () => Promise.resolve(addressWorldDevExamples()),
  },
  {
    name: 'pii-chat-dev',
    description:
      'hand-written multilingual chat prompts for tuning (models/eval/pii-chat-dev), en de fr es it; written apart from pii-chat, never read beside it',
    scoredTypes: BUILTIN_ENTITY_TYPES,
    ignoredLabels: 'none',
    checkTargets: false,
    load: () => readPiiChat(PII_CHAT_DEV_DIR),
  },
  {
    name: 'pii-chat-blind-dev',
    description:
      'multilingual chat prompts for choosing models (models/eval/pii-chat-blind-dev), en de fr es it, written without reading the training templates, the evaluation set or pii-chat-dev; people, places and organisations only',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PERSON, LOCATION, ORGANIZATION only)',
    checkTargets: false,
    load: () => readPiiChat(PII_CHAT_BLIND_DEV_DIR),
  },
  {
    name: 'pii-chat-blind2-dev',
    description:
      'a second set like pii-chat-blind-dev (models/eval/pii-chat-blind2-dev), written 2026-11-24 without reading the repository, after the first one had been used to write training words',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PERSON, LOCATION, ORGANIZATION only)',
    checkTargets: false,
    load: () => readPiiChat(PII_CHAT_BLIND2_DEV_DIR),
  },
  {
    name: 'pii-chat-blind3-dev',
    description:
      'a third blind set (models/eval/pii-chat-blind3-dev), heavier on Italian, Spanish and French name forms (honorifics, particles, surname first, initials, lower-case chat), written 2026-11-24 without reading the repository',
    scoredTypes: BUILTIN_ENTITY_TYPES,
    ignoredLabels: 'none',
    checkTargets: false,
    load: () => readPiiChat(PII_CHAT_BLIND3_DEV_DIR),
  },
  {
    name: 'web-blind-dev',
    description:
      'English web text (reviews, forum questions and answers, e-mails, blog posts; models/eval/web-blind-dev), the genres of UNER-EWT, written 2026-11-24 without reading the repository',
    scoredTypes: PEOPLE_PLACES_ORGS,
    ignoredLabels: 'none (PERSON, LOCATION, ORGANIZATION only)',
    checkTargets: false,
    load: () => readPiiChat(WEB_BLIND_DEV_DIR, ['en']),
  },
  {
    name: 'address-loose-dev',
    description:
      'English-language addresses written loosely (few or no commas, state or country written out, one part per line) from @faker-js/faker parts, in English prompts',
    scoredTypes: ['STREET_ADDRESS'],
    ignoredLabels: 'only street addresses are labelled',
    checkTargets: false,
    load: () => Promise.resolve(addressLooseDevExamples()),
  },
];

export function findEvalSet(name: string): EvalSet | undefined {
  return [...EVAL_SETS, ...DEV_SETS].find((set) => set.name === name);
}
