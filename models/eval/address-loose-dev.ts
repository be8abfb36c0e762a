/**
 * Development set for English-language addresses written loosely, as people type them into a chat:
 * parts run together without commas ("482 Willow Creek Road Apt 3B Fairview Oregon"), a state or
 * province written out, a country after the town, the postcode after the country, one part per line
 * with the country last. Parts come from @faker-js/faker's en_US, en_CA, en_GB and en_AU locales.
 * Tuning data only: never reported as a result, never trained on.
 */
import type { Faker } from '@faker-js/faker';
import type { EvalExample } from './example.js';
import {
  ADDRESS_CLEAN_TEXTS,
  ADDRESS_FRAMES_EN,
  cleanExamples,
  ukPostcode,
  writtenAddresses,
} from './address-dev.js';
import type { Random } from '../ner/synthetic/random.js';

export const ADDRESS_LOOSE_DEV_SEED = 20261126;
const PER_LOCALE = 80;

interface LooseForm {
  locale: 'en_US' | 'en_CA' | 'en_GB' | 'en_AU';
  /** The state, province or county, written out or as its code. */
  region(f: Faker, r: Random): string;
  countries: readonly string[];
  postcode(f: Faker, r: Random): string;
}

const FORMS: readonly LooseForm[] = [
  {
    locale: 'en_US',
    region: (f, r) => f.location.state({ abbreviated: r.chance(0.5) }),
    countries: ['USA', 'United States', 'US', 'U.S.A.', 'United States of America'],
    postcode: (f) => f.location.zipCode(),
  },
  {
    locale: 'en_CA',
    region: (f, r) => f.location.state({ abbreviated: r.chance(0.5) }),
    countries: ['Canada'],
    postcode: (f) => f.location.zipCode(),
  },
  {
    locale: 'en_GB',
    region: (f) => f.location.county(),
    countries: ['UK', 'United Kingdom', 'England', 'Great Britain'],
    postcode: (_f, r) => ukPostcode(r),
  },
  {
    locale: 'en_AU',
    region: (f, r) => f.location.state({ abbreviated: r.chance(0.5) }),
    countries: ['Australia'],
    postcode: (f) => f.location.zipCode(),
  },
];

/** The street line, with a flat or suite half of the time. */
function streetLine(f: Faker, r: Random): string[] {
  const street = f.location.streetAddress(false);
  return r.chance(0.5) ? [street, f.location.secondaryAddress()] : [street];
}

/**
 * One address in one of the loose layouts; `lines` puts each part on a line of its own (some with the
 * leading space of a pasted block), the others keep it on one line with few or no commas.
 */
function looseAddress(f: Faker, r: Random, form: LooseForm, lines: boolean): string {
  const street = streetLine(f, r);
  const town = f.location.city();
  const country = r.pick(form.countries);
  if (lines) {
    const indent = r.chance(0.3) ? ' ' : '';
    const last = r.chance(0.5) ? `${country} ${form.postcode(f, r)}` : country;
    const middle = r.chance(0.5) ? [town] : [`${town} ${form.region(f, r)}`];
    return [...street, ...middle, last].join(`\n${indent}`);
  }
  const sep = r.chance(0.7) ? ' ' : ', ';
  const head = street.join(sep);
  switch (r.int(5)) {
    case 0:
      return `${head} ${town} ${form.region(f, r)}`;
    case 1:
      return `${head} ${town} ${country}`;
    case 2:
      return `${head} ${town} ${form.region(f, r)} ${form.postcode(f, r)}`;
    case 3:
      return `${head}, ${town}, ${country} ${form.postcode(f, r)}`;
    default:
      return `${head} ${town}, ${form.region(f, r)}`;
  }
}

// Texts where a street is followed by capitalised words that are no town, after address-dev's own.
const CLEAN = [
  ...ADDRESS_CLEAN_TEXTS,
  'Our 12 Main Street Bakery Cafe Team won the 2023 Award.',
  'The 5 Park Avenue Tower Project got 3 Bids from New Firms.',
  'We sold 300 Premium Licenses Last Quarter in North America.',
  'Episode 4 Ocean Drive Nights premieres Friday in Canada.',
  'Top 10 Beach Road Trips Across Australia',
  'Buy 2 Garden Lane Chairs Online Today.',
  'The 3 Mile Island Accident shocked the United States.',
  'She finished 42 Harbor Point Marathon Events in England.',
];

export function addressLooseDevExamples(): { examples: EvalExample[]; clean: EvalExample[] } {
  const examples = writtenAddresses({
    idPrefix: 'address-loose-dev',
    seed: ADDRESS_LOOSE_DEV_SEED,
    perForm: PER_LOCALE,
    forms: FORMS,
    lang: () => 'en',
    frames: () => ADDRESS_FRAMES_EN,
    address: (f, r, form, how) => looseAddress(f, r, form, how === 'lines'),
  });
  return { examples, clean: cleanExamples('address-loose-dev-clean', CLEAN) };
}
