import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';

/**
 * The display name before an e-mail address in angle brackets names the person who owns it: "Von:
 * Jürgen Weiß <j.weiss@firma.de>", "\"Weiß, Jürgen\" <…>", "Anna Berg <anna@example.com>". One to
 * four capitalised words (or "Surname, First") right before "<address>" are a person at score 0.8
 * when one of them is a known first name or surname, or when the address is made of the name (first
 * name or initial, and surname: "j.weiss", "juergen.weiss", "jweiss"), unless the model was surer of
 * its own span there. "Acme Billing <billing@acme.com>" stays text.
 */

const NAME_WORD = String.raw`[\p{Lu}\p{Lt}][\p{L}\p{M}'’.-]*`;
const DISPLAY_NAME = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}'’.-])("?)(${NAME_WORD}(?:,? ${NAME_WORD}){0,3})\1[ \t]*<([^<>\s@]{1,64})@[^<>\s@]{1,255}>`,
  'gu',
);
const DISPLAY_NAME_SCORE = 0.8;

/** Lower case, without accents; "ß" as "ss". `umlautAsE` writes "ü" as "ue", as addresses do. */
function folded(word: string, umlautAsE = false): string {
  const lower = word.toLowerCase().replace(/ß/g, 'ss');
  const spelled = umlautAsE ? lower.replace(/[äöü]/g, (c) => `${c.normalize('NFD')[0]}e`) : lower;
  return spelled
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

/** Whether the address's local part is built from the name: first name or initial, and surname. */
function addressOfName(local: string, words: readonly string[]): boolean {
  if (words.length < 2) return false;
  const bare = local.toLowerCase().replace(/[^a-z0-9]/g, '');
  // "Surname, First" names the surname first.
  const [given, surname] = words[0]!.endsWith(',') ? [words[1]!, words[0]!] : [words[0]!, words.at(-1)!];
  return [false, true].some((umlautAsE) => {
    const first = folded(given, umlautAsE);
    const last = folded(surname, umlautAsE);
    if (!first || !last) return false;
    return [first + last, first[0]! + last, last + first, last + first[0]!].includes(bare);
  });
}

/** `spans`: sorted by start, not overlapping, before the score threshold. */
export function addDisplayNames(
  text: string,
  spans: readonly Span[],
  isPersonName: (word: string) => boolean,
): Span[] {
  const names: Span[] = [];
  for (const match of text.matchAll(DISPLAY_NAME)) {
    const name = match[2]!;
    const words = name.split(/ /);
    const known = words.some((word) => isPersonName(word.replace(/,$/, '')));
    if (!known && !addressOfName(match[3]!, words)) continue;
    const start = match.index + match[1]!.length;
    names.push(ruleName(start, start + name.length, DISPLAY_NAME_SCORE));
  }
  return withAddedNames(spans, names);
}
