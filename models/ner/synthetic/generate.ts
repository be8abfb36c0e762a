/** Fills chat-prompt templates with names, places and companies, keeping exact character spans. */
import type { CharSpan, EntityKind, LabelledText } from '../corpora.js';
import type { Language, Lexicon } from './lexicon.js';
import { LANGUAGES } from './lexicon.js';
import type { Random } from './random.js';
import {
  amount,
  cardNumber,
  dateValue,
  emailAddress,
  ibanCode,
  phoneNumber,
  referenceNumber,
  url,
} from './structured-values.js';
import { IDENTIFIERS, PRODUCT_QUALITIES } from './templates-common-words.js';
import { PRODUCTS } from './templates-train.js';

const TITLES: Record<Language, string[]> = {
  en: ['Mr.', 'Mrs.', 'Ms.', 'Dr.', 'Prof.', 'Mr', 'Mrs', 'Miss', 'Sir'],
  de: ['Herr', 'Frau', 'Herrn', 'Dr.', 'Prof. Dr.', 'Frau Dr.', 'Herr Dr.'],
  fr: ['M.', 'Mme', 'Mme.', 'Mlle', 'Dr', 'Me', 'Monsieur', 'Madame', 'Pr'],
  es: ['Sr.', 'Sra.', 'Srta.', 'Dr.', 'Dra.', 'don', 'doña', 'señor', 'señora'],
  it: ['Sig.', 'Sig.ra', 'Dott.', 'Dott.ssa', 'Dr.', 'Ing.', 'Avv.', 'signor', 'signora', 'Prof.'],
};
const PARTICLES: Record<Language, string[]> = {
  en: ['van', 'de', "O'", 'Mc', 'St.'],
  de: ['von', 'van der', 'von der', 'zu'],
  fr: ['de', 'du', 'Le', 'de la', "d'"],
  es: ['de', 'de la', 'del', 'de los'],
  it: ['De', 'Di', 'Da', 'Dal', 'Lo', 'La'],
};

type Casing = 'as-is' | 'lower' | 'upper' | 'lower-entities';

export interface GenerateOptions {
  templates: Record<Language, string[]>;
  hardNegatives?: Record<Language, string[]>;
  count: number;
  /** Share of examples that chain two or three templates into one prompt. */
  multiSentence: number;
  /** Apply lower-case / ALL-CAPS variants. */
  caseVariants: boolean;
  /** Fix the language of every example (names, titles, dates); by default 30% English, the rest uniform. */
  language?: Language;
  /** Label "{first} {last}" as one PERSON instead of two adjacent ones (training and evaluation both do). */
  joinAdjacentNames?: boolean;
}

export function generateCorpus(lexicon: Lexicon, random: Random, options: GenerateOptions): LabelledText[] {
  const out: LabelledText[] = [];
  for (let i = 0; i < options.count; i++) {
    const language = options.language ?? (random.chance(0.3) ? 'en' : random.pick(LANGUAGES));
    const casing = options.caseVariants ? pickCasing(random) : 'as-is';
    const parts = random.chance(options.multiSentence) ? 2 + random.int(2) : 1;
    const builder = new TextBuilder(casing);
    for (let p = 0; p < parts; p++) {
      if (p > 0) builder.literal(random.pick([' ', ' ', '\n', '\n\n']));
      const negatives = options.hardNegatives?.[language];
      const source = negatives && random.chance(0.12) ? negatives : options.templates[language];
      fillTemplate(builder, random.pick(source), language, lexicon, random);
    }
    out.push(options.joinAdjacentNames ? joinAdjacentPersons(builder.build()) : builder.build());
  }
  return out;
}

function joinAdjacentPersons({ text, spans }: LabelledText): LabelledText {
  const joined: CharSpan[] = [];
  for (const span of spans) {
    const previous = joined[joined.length - 1];
    if (
      previous?.type === 'PERSON' &&
      span.type === 'PERSON' &&
      text.slice(previous.end, span.start) === ' '
    ) {
      previous.end = span.end;
    } else joined.push({ ...span });
  }
  return { text, spans: joined };
}

function pickCasing(random: Random): Casing {
  const roll = random.next();
  if (roll < 0.08) return 'lower';
  if (roll < 0.12) return 'upper';
  if (roll < 0.18) return 'lower-entities';
  return 'as-is';
}

class TextBuilder {
  private text = '';
  private readonly spans: CharSpan[] = [];
  constructor(private readonly casing: Casing) {}

  literal(value: string): void {
    this.text +=
      this.casing === 'lower' ? value.toLowerCase() : this.casing === 'upper' ? value.toUpperCase() : value;
  }

  entity(value: string, type: EntityKind): void {
    const start = this.text.length;
    if (this.casing === 'lower-entities') this.text += value.toLowerCase();
    else this.literal(value);
    this.spans.push({ start, end: this.text.length, type });
  }

  build(): { text: string; spans: CharSpan[] } {
    return { text: this.text, spans: [...this.spans] };
  }
}

function fillTemplate(
  builder: TextBuilder,
  template: string,
  language: Language,
  lexicon: Lexicon,
  random: Random,
): void {
  const slot =
    /\{(person|first|last|titled|city|country|region|org|month|weekday|product|num|email|phone|iban|card|url|date|amount|ref|noun|verb|word|quality|sku|SKUWORD|inverted|passenger|grocery|dish|thing|lverb)\}/g;
  let cursor = 0;
  for (const match of template.matchAll(slot)) {
    builder.literal(template.slice(cursor, match.index));
    cursor = match.index + match[0].length;
    fillSlot(builder, match[1]!, language, lexicon, random);
  }
  builder.literal(template.slice(cursor));
}

/** Share of names drawn from the East Asian lists, when the lexicon has them. */
const EAST_ASIAN_SHARE = 0.04;

function eastAsianName(lexicon: Lexicon, random: Random): { given: string[]; family: string[] } | undefined {
  if (lexicon.eastAsianNames.length === 0 || !random.chance(EAST_ASIAN_SHARE)) return undefined;
  return random.pick(lexicon.eastAsianNames);
}

export function firstName(language: Language, lexicon: Lexicon, random: Random): string {
  const eastAsian = eastAsianName(lexicon, random);
  if (eastAsian) return random.pick(eastAsian.given);
  return random.chance(0.8)
    ? random.pick(lexicon.firstNames[language])
    : random.pick(lexicon.foreignFirstNames);
}

export function surname(language: Language, lexicon: Lexicon, random: Random): string {
  const eastAsian = eastAsianName(lexicon, random);
  if (eastAsian) return random.pick(eastAsian.family);
  return random.chance(0.8) ? random.pick(lexicon.surnames[language]) : random.pick(lexicon.foreignSurnames);
}

export function fullName(language: Language, lexicon: Lexicon, random: Random): string {
  const eastAsian = eastAsianName(lexicon, random);
  if (eastAsian) {
    // Family name first as at home ("Chen Xiulan", "Kim Min-seo"), or last as abroad.
    const given = random.pick(eastAsian.given);
    const family = random.pick(eastAsian.family);
    return random.chance(0.5) ? `${family} ${given}` : `${given} ${family}`;
  }
  const first = firstName(language, lexicon, random);
  const last = surname(language, lexicon, random);
  const roll = random.next();
  if (roll < 0.55) return `${first} ${last}`;
  if (roll < 0.63) return `${first} ${firstName(language, lexicon, random)} ${last}`;
  if (roll < 0.71) {
    const particle = random.pick(PARTICLES[language]);
    return particle.endsWith("'") ? `${first} ${particle}${last}` : `${first} ${particle} ${last}`;
  }
  if (roll < 0.78) return `${first} ${String.fromCharCode(65 + random.int(26))}. ${last}`;
  if (roll < 0.83) return `${first[0]}. ${last}`;
  if (roll < 0.88) return `${first}-${firstName(language, lexicon, random)} ${last}`;
  if (roll < 0.94) return `${first} ${last}-${surname(language, lexicon, random)}`;
  return `${first} ${last} ${surname(language, lexicon, random)}`;
}

const asciiUpper = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

/** "TAZA-BLANCO-350", "TB-200", "LAMPE-ROSE-40": product codes built from a noun and a quality. */
function productCode(language: Language, lexicon: Lexicon, random: Random): string {
  const noun = asciiUpper(random.pick(lexicon.commonNouns[language]));
  const number = String(1 + random.int(999));
  if (random.chance(0.3)) return `${noun.slice(0, 2)}-${number}`;
  return `${noun}-${asciiUpper(random.pick(PRODUCT_QUALITIES[language]))}-${number}`;
}

function fillSlot(
  builder: TextBuilder,
  slot: string,
  language: Language,
  lexicon: Lexicon,
  random: Random,
): void {
  switch (slot) {
    case 'person':
      return builder.entity(fullName(language, lexicon, random), 'PERSON');
    case 'first':
      return builder.entity(firstName(language, lexicon, random), 'PERSON');
    case 'last':
      return builder.entity(surname(language, lexicon, random), 'PERSON');
    case 'titled': {
      builder.literal(`${random.pick(TITLES[language])} `);
      const name = random.chance(0.7)
        ? surname(language, lexicon, random)
        : fullName(language, lexicon, random);
      return builder.entity(name, 'PERSON');
    }
    case 'city':
      return builder.entity(
        random.chance(0.8) ? random.pick(lexicon.cities[language]) : random.pick(lexicon.worldCities),
        'LOCATION',
      );
    case 'country':
      return builder.entity(random.pick(lexicon.countries[language]), 'LOCATION');
    case 'region': {
      const regions = lexicon.regions[language];
      return builder.entity(
        regions.length > 0 ? random.pick(regions) : random.pick(lexicon.cities[language]),
        'LOCATION',
      );
    }
    case 'org':
      return builder.entity(
        random.chance(0.45) ? random.pick(lexicon.worldCompanies) : random.pick(lexicon.companies[language]),
        'ORGANIZATION',
      );
    case 'month':
      return builder.literal(random.pick(lexicon.months[language]));
    case 'weekday':
      return builder.literal(random.pick(lexicon.weekdays[language]));
    case 'product':
      return builder.literal(random.pick(PRODUCTS));
    case 'num':
      return builder.literal(String(1000 + random.int(900000)));
    case 'email':
      return builder.literal(
        emailAddress(random, firstName(language, lexicon, random), surname(language, lexicon, random)),
      );
    case 'phone':
      return builder.literal(phoneNumber(random, language));
    case 'iban':
      return builder.literal(ibanCode(random));
    case 'card':
      return builder.literal(cardNumber(random));
    case 'url':
      return builder.literal(url(random, surname(language, lexicon, random)));
    case 'date':
      return builder.literal(dateValue(random));
    case 'amount':
      return builder.literal(amount(random));
    case 'ref':
      return builder.literal(referenceNumber(random));
    case 'noun':
      return builder.literal(random.pick(lexicon.commonNouns[language]));
    case 'verb':
      return builder.literal(random.pick(lexicon.sentenceStarters[language]));
    case 'word':
      return builder.literal(
        random.chance(0.5)
          ? random.pick(IDENTIFIERS)
          : random.pick(lexicon.commonNouns[language]).toLowerCase(),
      );
    case 'quality':
      return builder.literal(random.pick(PRODUCT_QUALITIES[language]));
    case 'grocery':
      return builder.literal(random.pick(lexicon.groceries[language]));
    case 'dish':
      return builder.literal(random.pick(lexicon.dishes[language]));
    case 'thing':
      return builder.literal(random.pick(lexicon.things[language]));
    case 'lverb':
      return builder.literal(random.pick(lexicon.verbs[language]));
    case 'sku':
      return builder.literal(productCode(language, lexicon, random));
    case 'SKUWORD':
      return builder.literal(asciiUpper(random.pick(lexicon.commonNouns[language])));
    case 'inverted': {
      const last = surname(language, lexicon, random);
      const first = random.chance(0.8)
        ? firstName(language, lexicon, random)
        : `${firstName(language, lexicon, random)} ${firstName(language, lexicon, random)}`;
      return builder.entity(`${random.chance(0.5) ? last.toUpperCase() : last}, ${first}`, 'PERSON');
    }
    case 'passenger': {
      const name = `${surname(language, lexicon, random)}/${firstName(language, lexicon, random)}`;
      return builder.entity(name.toUpperCase(), 'PERSON');
    }
    default:
      throw new Error(`unknown template slot ${slot}`);
  }
}
