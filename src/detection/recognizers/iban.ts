import { getCountrySpecifications, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { Span } from '../types.js';
import { patternSpan } from './pattern-span.js';

/**
 * IBANs in electronic ("DE89370400440532013000") and print ("DE89 3704 0044 0532 0130 00")
 * format. The candidate is read up to the country's IBAN length, then ibantools checks the
 * BBAN layout and the mod-97 check digits, which leaves almost no false positives. A national
 * check inside the BBAN (France's RIB key, Spain's DC, …) is not required: an account number with a
 * mistyped or made-up key is still someone's account number, and mod-97 has already passed.
 */

const SCORE = 0.95;

// Country code, check digits, then alphanumerics with at most single spaces between them.
const CANDIDATE = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \u00a0]?[A-Za-z0-9]){8,32}/g;

const LENGTHS = new Map<string, number>(
  Object.entries(getCountrySpecifications())
    .filter(([, spec]) => typeof spec.chars === 'number' && spec.chars > 0)
    .map(([code, spec]) => [code, spec.chars as number]),
);

/** Offset (within `candidate`) right after its `length`-th alphanumeric character, or -1. */
function endAfterChars(candidate: string, length: number): number {
  let seen = 0;
  for (let i = 0; i < candidate.length; i++) {
    if (candidate[i] !== ' ' && candidate[i] !== '\u00a0') seen++;
    if (seen === length) return i + 1;
  }
  return -1;
}

function ibanEnd(text: string, m: RegExpExecArray): number {
  const length = LENGTHS.get(m[0].slice(0, 2).toUpperCase());
  if (length === undefined) return -1;
  const end = endAfterChars(m[0], length);
  if (end === -1) return -1;
  // The IBAN must end where a word ends: "DE89…3000X" is not one.
  const next = text[m.index + end];
  if (next !== undefined && /[A-Za-z0-9]/.test(next)) return -1;
  // Print format groups by four; electronic format has no spaces at all.
  const groups = m[0].slice(0, end).split(/[ \u00a0]/);
  if (groups.length > 1 && groups.slice(0, -1).some((g) => g.length !== 4)) return -1;
  return isIbanShaped(groups.join('').toUpperCase()) ? end : -1;
}

/** Layout and mod-97 check digits right; only the national account/bank/branch key may be off. */
function isIbanShaped(iban: string): boolean {
  const { valid, errorCodes } = validateIBAN(iban);
  return valid || errorCodes.every((code) => code === ValidationErrorsIBAN.WrongAccountBankBranchChecksum);
}

export function findIbanSpans(text: string): Span[] {
  const spans: Span[] = [];
  const candidates = new RegExp(CANDIDATE);
  let m: RegExpExecArray | null;
  while ((m = candidates.exec(text)) !== null) {
    const end = ibanEnd(text, m);
    if (end === -1) {
      // The greedy candidate may have swallowed the start of the next IBAN.
      candidates.lastIndex = m.index + 1;
      continue;
    }
    spans.push(patternSpan('IBAN_CODE', m.index, m.index + end, SCORE));
    candidates.lastIndex = m.index + end;
  }
  return spans;
}
