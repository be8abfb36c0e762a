import { allMatches } from '../all-matches.js';
import type { Span } from '../types.js';
import { luhnValid } from './checksums.js';
import { contextWords, scoreInContext, type ContextRule } from './context.js';
import { patternSpan } from './pattern-span.js';

/**
 * Payment card numbers: 12-19 digits, in one block or in the groups cards are printed in,
 * with a known issuer prefix and length and a valid Luhn check digit. Test numbers such as
 * 4111 1111 1111 1111 pass Luhn and are cards like any other.
 */

/** Grouped as printed on a card ("4111 1111 1111 1111", "3782 822463 10005"). */
const SCORE_GROUPED = 0.9;
/** Grouped with dots ("4111.1111.1111.1111"): dots also join the parts of versions and other numbers. */
const SCORE_DOTTED = 0.75;
/** One block of digits: Luhn passes for one random number in ten, so it scores lower. */
const SCORE_BLOCK = 0.75;

const BEFORE = String.raw`(?<![\p{L}\p{N}_.,+\-])`;
const AFTER = String.raw`(?![\p{L}\p{N}_]|[.,\-]\d)`;
const BLOCK = new RegExp(String.raw`${BEFORE}\d{12,19}${AFTER}`, 'gu');
// Groups joined by one separator (space, dash or dot), captured so the same one must repeat.
const GROUPED = new RegExp(String.raw`${BEFORE}\d{4}([ \u00a0.-])\d{2,6}(?:\1\d{1,6}){1,4}${AFTER}`, 'gu');

// prettier-ignore
const CONTEXT: ContextRule = {
  positive: contextWords([
    'card', 'credit', 'debit', 'visa', 'mastercard', 'amex', 'american express', 'discover', 'maestro', 'cc',
    'kreditkarte*', 'karte*', 'kartennummer', 'carte', 'cb', 'tarjeta', 'carta', 'pan',
  ]),
  negative: contextWords([
    'order', 'invoice', 'tracking', 'reference', 'ref', 'iban', 'account', 'isbn', 'serial', 'sku', 'ticket', 'version',
    'bestell*', 'rechnung*', 'sendung*', 'commande', 'facture', 'pedido', 'factura', 'ordine', 'fattura',
  ]),
};

/** Issuer prefixes (IIN ranges) and the lengths each network issues. */
function knownIssuer(d: string): boolean {
  const n = d.length;
  const p2 = Number(d.slice(0, 2));
  const p3 = Number(d.slice(0, 3));
  const p4 = Number(d.slice(0, 4));
  const p6 = Number(d.slice(0, 6));
  if (d[0] === '4') return n === 13 || n === 16 || n === 19; // Visa
  if (p2 >= 51 && p2 <= 55) return n === 16; // Mastercard
  if (p4 >= 2221 && p4 <= 2720) return n === 16; // Mastercard 2-series
  if (p4 >= 2200 && p4 <= 2204) return n >= 16 && n <= 19; // Mir
  if (p2 === 34 || p2 === 37) return n === 15; // American Express
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return n >= 14 && n <= 19; // Diners
  if (p4 >= 3528 && p4 <= 3589) return n >= 16 && n <= 19; // JCB
  if (p4 === 2131 || p4 === 1800) return n === 15; // JCB's older 15-digit numbers
  if (p4 === 6011 || p2 === 65 || (p3 >= 644 && p3 <= 649) || (p6 >= 622126 && p6 <= 622925)) {
    return n >= 16 && n <= 19; // Discover
  }
  if (p2 === 62) return n >= 16 && n <= 19; // UnionPay
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return n >= 12 && n <= 19; // Maestro
  return false;
}

/** Printed layouts: 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners); other groupings are not cards. */
function groupedLikeACard(groups: number[]): boolean {
  const layout = groups.join('-');
  return /^4-4-4-(?:4|4-3|4-4|1|2|3)$/.test(layout) || layout === '4-6-5' || layout === '4-6-4';
}

function isCard(digits: string): boolean {
  return digits.length >= 12 && digits.length <= 19 && knownIssuer(digits) && luhnValid(digits);
}

export function findCardSpans(text: string): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number, base: number) =>
    spans.push(patternSpan('CREDIT_CARD', start, end, scoreInContext(text, start, end, base, CONTEXT)));

  for (const m of allMatches(BLOCK, text)) {
    if (isCard(m[0])) push(m.index, m.index + m[0].length, SCORE_BLOCK);
  }
  for (const m of allMatches(GROUPED, text)) {
    const separator = m[1]!;
    const groups = m[0].split(separator);
    // A card followed by more digit groups ("… 1111 2024 …"): try the longest card-shaped prefix.
    for (let n = groups.length; n >= 3; n--) {
      const head = groups.slice(0, n);
      if (groupedLikeACard(head.map((g) => g.length)) && isCard(head.join(''))) {
        push(
          m.index,
          m.index + head.join(separator).length,
          separator === '.' ? SCORE_DOTTED : SCORE_GROUPED,
        );
        break;
      }
    }
  }
  return spans;
}
