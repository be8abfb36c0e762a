import type { BuiltinEntityType, Span } from '../types.js';
import { findAddressSpans } from './address.js';
import { findCardSpans } from './card.js';
import { findCryptoWalletSpans } from './crypto.js';
import { findDateOfBirthSpans } from './dob.js';
import { findEmailSpans } from './email.js';
import { findIbanSpans } from './iban.js';
import { findIpSpans } from './ip.js';
import { findPhoneSpans } from './phone.js';
import { findSecretSpans } from './secret.js';
import { findSsnSpans } from './ssn.js';

export { DEFAULT_PHONE_REGIONS } from './phone.js';

export interface PatternOptions {
  /** Regions national phone numbers are tried against; default US, GB, FR, DE, ES, IT. */
  phoneRegions?: readonly string[];
  /** Only run the recognizers of these entity types; default all. */
  entities?: readonly string[];
  /** Whether a word is a known first name or surname: a street named after someone needs no postcode. */
  isPersonName?: (word: string) => boolean;
}

const RECOGNIZERS: readonly [BuiltinEntityType, (text: string, options: PatternOptions) => Span[]][] = [
  ['EMAIL_ADDRESS', findEmailSpans],
  ['PHONE_NUMBER', (text, options) => findPhoneSpans(text, options)],
  ['CREDIT_CARD', findCardSpans],
  ['IBAN_CODE', findIbanSpans],
  ['US_SSN', findSsnSpans],
  ['IP_ADDRESS', findIpSpans],
  ['DATE_OF_BIRTH', findDateOfBirthSpans],
  ['CRYPTO_WALLET', findCryptoWalletSpans],
  ['SECRET', findSecretSpans],
  ['STREET_ADDRESS', findAddressSpans],
];

/** Every pattern recognizer's spans (source 'pattern'), overlapping ones included: merging is the caller's. */
export function findPatternSpans(text: string, options: PatternOptions = {}): Span[] {
  const wanted = options.entities ? new Set(options.entities) : null;
  const spans: Span[] = [];
  for (const [type, find] of RECOGNIZERS) {
    if (wanted && !wanted.has(type)) continue;
    for (const span of find(text, options)) spans.push(span);
  }
  return spans;
}
