/** Validity checks for the made-up values of our hand-written data sets (test/data/pii-chat, models/eval/pii-chat-dev). */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export function ibanChecksumIsValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

export function luhnIsValid(number: string): boolean {
  const digits = number.replace(/[ -]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  [...digits].reverse().forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return sum % 10 === 0;
}

/** DESIGN 2: only impossible numbers are rejected (area 000, 666, 900-999; group 00; serial 0000). */
export function ssnIsPossible(ssn: string): boolean {
  const match = /^(\d{3})[- ]?(\d{2})[- ]?(\d{4})$/.exec(ssn);
  if (!match) return false;
  const [, area = '', group = '', serial = ''] = match;
  const areaNumber = Number(area);
  return areaNumber !== 0 && areaNumber !== 666 && areaNumber < 900 && group !== '00' && serial !== '0000';
}

/** A phone number the libphonenumber `max` metadata calls valid with one of the default regions. */
export function phoneIsValid(phone: string): boolean {
  return (['US', 'GB', 'FR', 'DE', 'ES', 'IT'] as const).some(
    (region) => parsePhoneNumberFromString(phone, region)?.isValid() ?? false,
  );
}
