/**
 * Structured personal data for the synthetic corpus (e-mail addresses, phones, IBANs, cards, URLs,
 * dates, amounts, reference numbers). The pattern recognizers find these; for the NER model they are
 * context it must label O, so the word before a phone number or an IBAN is not mistaken for a name.
 */
import type { Language } from './lexicon.js';
import type { Random } from './random.js';

const DOMAINS = [
  'example.com',
  'mail.example.org',
  'firma.example.de',
  'example.fr',
  'correo.example.es',
  'example.it',
];
const IBAN_HEADS = ['DE', 'FR', 'ES', 'IT', 'GB', 'NL', 'AT', 'CH', 'BE'];
const CARD_HEADS = ['4', '51', '55', '37', '6011'];

const digits = (random: Random, count: number) =>
  Array.from({ length: count }, () => String(random.int(10))).join('');

export function emailAddress(random: Random, first: string, last: string): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^a-zA-Z]/g, '')
      .toLowerCase();
  const local = random.pick([
    `${ascii(first)}.${ascii(last)}`,
    `${ascii(first)[0] ?? 'x'}${ascii(last)}`,
    `${ascii(first)}${random.int(100)}`,
    random.pick(['info', 'support', 'billing', 'hr', 'kontakt', 'contact', 'hello']),
  ]);
  return `${local || 'user'}@${random.pick(DOMAINS)}`;
}

export function phoneNumber(random: Random, language: Language): string {
  const d = (n: number) => digits(random, n);
  switch (language) {
    case 'en':
      return random.pick([
        `(${2 + random.int(8)}${d(2)}) ${d(3)}-${d(4)}`,
        `+1 ${2 + random.int(8)}${d(2)} ${d(3)} ${d(4)}`,
        `+44 20 ${d(4)} ${d(4)}`,
        `07${d(3)} ${d(6)}`,
      ]);
    case 'de':
      return random.pick([`+49 30 ${d(8)}`, `030 ${d(7)}`, `0171 ${d(7)}`, `+49 (0)89 ${d(7)}`]);
    case 'fr':
      return random.pick([
        `+33 6 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
        `01 ${d(2)} ${d(2)} ${d(2)} ${d(2)}`,
        `06.${d(2)}.${d(2)}.${d(2)}.${d(2)}`,
      ]);
    case 'es':
      return random.pick([`+34 6${d(2)} ${d(3)} ${d(3)}`, `91 ${d(3)} ${d(2)} ${d(2)}`, `6${d(8)}`]);
    case 'it':
      return random.pick([`+39 3${d(2)} ${d(3)} ${d(4)}`, `02 ${d(8)}`, `3${d(2)} ${d(7)}`]);
  }
}

export function ibanCode(random: Random): string {
  const raw = `${random.pick(IBAN_HEADS)}${digits(random, 2)}${digits(random, 18)}`;
  return random.chance(0.6) ? raw.replace(/(.{4})(?=.)/g, '$1 ') : raw;
}

export function cardNumber(random: Random): string {
  const head = random.pick(CARD_HEADS);
  const raw = head + digits(random, 16 - head.length);
  return random.pick([raw.replace(/(\d{4})(?=\d)/g, '$1 '), raw.replace(/(\d{4})(?=\d)/g, '$1-'), raw]);
}

export function url(random: Random, last: string): string {
  const slug = last.toLowerCase().replace(/[^a-z]/g, '') || 'page';
  return random.pick([
    `https://www.example.com/${slug}`,
    `https://${slug}.example.org`,
    `www.example.net/profile/${slug}`,
  ]);
}

export function dateValue(random: Random): string {
  const day = 1 + random.int(28);
  const month = 1 + random.int(12);
  const year = 1950 + random.int(75);
  const pad = (n: number) => String(n).padStart(2, '0');
  return random.pick([
    `${pad(day)}.${pad(month)}.${year}`,
    `${pad(month)}/${pad(day)}/${year}`,
    `${year}-${pad(month)}-${pad(day)}`,
  ]);
}

export function amount(random: Random): string {
  const value = `${1 + random.int(9999)},${digits(random, 2)}`;
  return random.pick([
    `${value} €`,
    `€${value.replace(',', '.')}`,
    `$${value.replace(',', '.')}`,
    `EUR ${value}`,
  ]);
}

export function referenceNumber(random: Random): string {
  return random.pick([
    `#${digits(random, 6)}`,
    `INV-${digits(random, 5)}`,
    `${digits(random, 3)}-${digits(random, 2)}-${digits(random, 4)}`,
    `AB${digits(random, 7)}`,
  ]);
}
