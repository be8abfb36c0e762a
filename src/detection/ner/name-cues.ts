import type { Span } from '../types.js';
import { ruleName, withAddedNames } from './added-names.js';

/**
 * What follows "my name is", "se llama", "mi chiamo", "je m'appelle" or "ich heiße" is a name, even
 * when the model missed it or doubted it ("el dueño se llama Paco" at 0.49). The one to three words
 * after the cue become a PERSON span unless the model was surer of its own span there. The first
 * word must be capitalised or a known first name ("se llama paco"; "my name is on the list" stays),
 * any further word capitalised. "Call me" and "sono" are left out: "call me back", "sono stanca".
 *
 * Two weaker kinds of cue: a kinship word before a capitalised word ("Aunt Funmi", "Tante Erika",
 * "zio Beppe"), and, in English, a request about someone before a capitalised known first name ("go
 * see Sal at Bay Ridge Auto", "ask for Tina", "send it to Bri").
 */

const CUES = [
  'my name is',
  'his name is',
  'her name is',
  'mein name ist',
  'ich heiße',
  'ich heisse',
  'er heißt',
  'sie heißt',
  "je m'appelle",
  'je m’appelle',
  "il s'appelle",
  'il s’appelle',
  "elle s'appelle",
  'elle s’appelle',
  'me llamo',
  'se llama',
  'mi chiamo',
  'si chiama',
];
const KINSHIP_CUES = [
  ...['aunt', 'auntie', 'uncle', 'grandma', 'grandpa', 'granny', 'cousin'],
  ...['tante', 'onkel', 'oma', 'opa'],
  ...['tata', 'tonton', 'mamie', 'papi', 'papy'],
  ...['tía', 'tío', 'abuela', 'abuelo', 'abuelita', 'abuelito'],
  ...['zia', 'zio', 'nonna', 'nonno'],
];
const REQUEST_CUES = [
  ...['ask for', 'asked for', 'go see', 'went to see', 'talk to', 'talked to', 'speak to'],
  ...['spoke to', 'spoke with', 'send it to', 'sent it to', 'shout out to', 'props to', 'kudos to'],
];
const WORD = String.raw`[\p{L}\p{M}][\p{L}\p{M}'’-]*`;
// Case-insensitive for the cue, so the words after it are checked for capitals apart.
const cuedWords = (cues: readonly string[]) =>
  new RegExp(String.raw`(?<![\p{L}\p{M}])(?:${cues.join('|')})[ \t]+(${WORD}(?:[ \t]+${WORD}){0,2})`, 'giu');
const CUED_WORDS = cuedWords(CUES);
const KINSHIP_WORDS = cuedWords(KINSHIP_CUES);
const REQUEST_WORDS = cuedWords(REQUEST_CUES);
const CAPITALISED = /^\p{Lu}/u;
const CUED_NAME_SCORE = 0.8;

/** The name after a cue: the first word, then the capitalised words right after it. */
function cuedName(words: string): string {
  const [first, ...rest] = words.split(/([ \t]+)/);
  let name = first!;
  for (let i = 0; i + 1 < rest.length && CAPITALISED.test(rest[i + 1]!); i += 2)
    name += rest[i]! + rest[i + 1]!;
  return name;
}

/**
 * `spans`: the model's spans of one text, sorted by start, not overlapping, before the score
 * threshold. Returns them with the cued names the model missed or doubted added: a span there with a
 * lower score than the cue's (a name at 0.49, a place) gives way to the cued name. `isFirstName`: one
 * word is in the model's first-name list.
 */
export function addCuedNames(
  text: string,
  spans: readonly Span[],
  isFirstName: (word: string) => boolean,
): Span[] {
  const capitalised = (word: string) => CAPITALISED.test(word);
  const names = [
    ...namesAfter(text, CUED_WORDS, (first) => capitalised(first) || isFirstName(first)),
    ...namesAfter(text, KINSHIP_WORDS, capitalised),
    ...namesAfter(text, REQUEST_WORDS, (first) => capitalised(first) && isFirstName(first)),
  ].sort((a, b) => a.start - b.start);
  // Two kinds of cue may find the same name; the first one found is kept.
  const apart = names.filter((name, i) => i === 0 || name.start >= names[i - 1]!.end);
  return withAddedNames(spans, apart);
}

/** The names after each match of `cues` whose first word `accepts`. */
function namesAfter(text: string, cues: RegExp, accepts: (first: string) => boolean): Span[] {
  const names: Span[] = [];
  cues.lastIndex = 0;
  for (let match = cues.exec(text); match; match = cues.exec(text)) {
    const name = cuedName(match[1]!);
    const start = match.index + match[0].length - match[1]!.length;
    const end = start + name.length;
    // Scan on right after the name: the words matched past it may hold the next cue.
    cues.lastIndex = end;
    if (!accepts(name.split(/[ \t]/, 1)[0]!)) continue;
    names.push(ruleName(start, end, CUED_NAME_SCORE));
  }
  return names;
}
