import type { Span } from '../types.js';
import { apartNames, ruleName, withAddedNames } from './added-names.js';

/**
 * A known first name right before a phone number is the person to call: "contattare Renato al 045
 * 800 2317", "call Grace at 555-0182", "Renato: 045 800 2317", "Maite (+34 612 345 678)". The model
 * reads such a first name without the context it learned names in. The name may go on with one
 * capitalised word ("Renato Bianchi al …"); months and weekdays are no names ("April at 555-0182"),
 * and a date or a number of fewer than seven digits is no phone ("Anna 12.03.2024").
 */
const NAME_BEFORE_PHONE =
  /(?<![\p{L}\p{M}\p{N}])([\p{Lu}\p{Lt}][\p{Ll}\p{M}'’-]+)(?:[ \t]+[\p{Lu}\p{Lt}][\p{Ll}\p{M}'’-]+)?(?=(?:[ \t]+(?:at|on|al|allo|au|unter|am|tel\.?|tél\.?)[ \t]+|[ \t]*[:(,][ \t]*|[ \t]+)(\+?\(?\d[\d \t/().-]{5,}\d))/gu;
/** A date is no phone number: "Anna 12.03.2024". */
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{2,4}$/;
const MIN_PHONE_DIGITS = 7;
const PHONE_CONTACT_SCORE = 0.8;

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addPhoneContactNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
  isCalendarWord: (word: string) => boolean,
): Span[] {
  if (!/\d{3}/.test(text)) return [...spans];
  const names: Span[] = [];
  for (const match of text.matchAll(NAME_BEFORE_PHONE)) {
    const first = match[1]!;
    const number = match[2]!;
    if (!isFirstName(first) || isCalendarWord(first)) continue;
    if (DATE.test(number) || number.replace(/\D/g, '').length < MIN_PHONE_DIGITS) continue;
    names.push(ruleName(match.index, match.index + match[0].length, PHONE_CONTACT_SCORE));
  }
  return withAddedNames(spans, apartNames(names));
}
