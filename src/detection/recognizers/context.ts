/**
 * Context words, Presidio's approach: words in a small window around a match raise its score
 * (positive words) or lower it (negative words). Entries are lower-case words or phrases; a
 * trailing `*` matches any word starting with the stem, for compounds such as "Telefonnummer".
 */

/** Presidio's context similarity factor: what a positive context word adds. */
export const CONTEXT_BOOST = 0.35;
/** Presidio's minimum score once a context word was seen. */
export const MIN_SCORE_WITH_CONTEXT = 0.4;
/** What a negative context word takes away: enough to push a typical 0.75 match under 0.5. */
export const NEGATIVE_PENALTY = 0.4;

/** Presidio looks 5 words back. */
export const DEFAULT_WORDS_BEFORE = 5;

// Words are runs of letters or digits, as a tokenizer would split them ("tel.:" -> "tel", "1Z999" -> "1z999").
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
// Characters read per word of the window: words average well under this, and it bounds the
// slice read per match.
const CHARS_PER_WORD = 16;
// ...but never fewer than this, so one long compound ("Sozialversicherungsnummer") still fits.
const MIN_WINDOW_CHARS = 48;

interface WordPattern {
  word: string;
  prefix: boolean;
}

type Phrase = WordPattern[];

/** Phrases indexed by their first and last word, so a lookup does not scan every phrase. */
export interface ContextMatcher {
  phrases: Phrase[];
  /** Phrases by their first (last) word when that word is exact. */
  byFirst: Map<string, Phrase[]>;
  byLast: Map<string, Phrase[]>;
  /** Phrases whose first (last) word is a stem: few, checked one by one. */
  stemFirst: Phrase[];
  stemLast: Phrase[];
}

function index(phrases: Phrase[], edge: (p: Phrase) => WordPattern): [Map<string, Phrase[]>, Phrase[]] {
  const byWord = new Map<string, Phrase[]>();
  const stems: Phrase[] = [];
  for (const phrase of phrases) {
    const w = edge(phrase);
    if (w.prefix) stems.push(phrase);
    else byWord.set(w.word, [...(byWord.get(w.word) ?? []), phrase]);
  }
  return [byWord, stems];
}

export function contextWords(entries: readonly string[]): ContextMatcher {
  const phrases = entries
    .map((entry) =>
      entry
        .normalize('NFC')
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length > 0)
        .map((w) => (w.endsWith('*') ? { word: w.slice(0, -1), prefix: true } : { word: w, prefix: false })),
    )
    .filter((p) => p.length > 0);
  const [byFirst, stemFirst] = index(phrases, (p) => p[0]!);
  const [byLast, stemLast] = index(phrases, (p) => p[p.length - 1]!);
  return { phrases, byFirst, byLast, stemFirst, stemLast };
}

// Decomposed accents ("e" + U+0301) are composed so "né" matches however it was typed.
const COMBINING_MARK = /[\u0300-\u036f]/;

function wordsIn(slice: string): string[] {
  const composed = COMBINING_MARK.test(slice) ? slice.normalize('NFC') : slice;
  return composed.toLowerCase().match(WORD) ?? [];
}

/** The last `count` words before `start`, nearest last. */
export function wordsBefore(text: string, start: number, count: number): string[] {
  const from = Math.max(0, start - Math.max(MIN_WINDOW_CHARS, count * CHARS_PER_WORD));
  const words = wordsIn(text.slice(from, start));
  // The slice may begin inside a word; drop that fragment unless the slice starts the text.
  if (from > 0 && /[\p{L}\p{M}\p{N}]/u.test(text[from - 1] ?? '')) words.shift();
  return words.slice(-count);
}

/** The first `count` words after `end`. */
export function wordsAfter(text: string, end: number, count: number): string[] {
  const to = Math.min(text.length, end + Math.max(MIN_WINDOW_CHARS, count * CHARS_PER_WORD));
  const words = wordsIn(text.slice(end, to));
  if (to < text.length && /[\p{L}\p{M}\p{N}]/u.test(text[to] ?? '')) words.pop();
  return words.slice(0, count);
}

function wordMatches(word: string, pattern: WordPattern): boolean {
  return pattern.prefix ? word.startsWith(pattern.word) : word === pattern.word;
}

export function containsContext(words: readonly string[], matcher: ContextMatcher): boolean {
  for (let k = 0; k < words.length; k++) if (longestPhraseAt(words, k, 1, matcher) > 0) return true;
  return false;
}

function phraseMatchesAt(
  words: readonly string[],
  k: number,
  direction: 1 | -1,
  phrase: WordPattern[],
): boolean {
  // direction -1: the phrase ends at word k; direction 1: it starts there.
  const first = direction === 1 ? k : k - phrase.length + 1;
  if (first < 0 || first + phrase.length > words.length) return false;
  return phrase.every((p, i) => wordMatches(words[first + i]!, p));
}

/** Length in words of the longest phrase of `matcher` found at word `k`, 0 when none. */
function longestPhraseAt(
  words: readonly string[],
  k: number,
  direction: 1 | -1,
  matcher: ContextMatcher,
): number {
  const exact = (direction === 1 ? matcher.byFirst : matcher.byLast).get(words[k]!) ?? [];
  const stems = direction === 1 ? matcher.stemFirst : matcher.stemLast;
  let longest = 0;
  for (const list of [exact, stems]) {
    for (const phrase of list) {
      if (phrase.length > longest && phraseMatchesAt(words, k, direction, phrase)) longest = phrase.length;
    }
  }
  return longest;
}

export interface ContextRule {
  positive: ContextMatcher;
  negative?: ContextMatcher;
  /** Words looked at before the match; default 5. */
  before?: number;
  /** Words looked at after the match; default 0. */
  after?: number;
  /** Negative words count only this close (in words); default: anywhere in the window. */
  negativeDistance?: number;
}

export type ContextVerdict = 'positive' | 'negative' | 'none';

function verdictAt(
  words: readonly string[],
  k: number,
  direction: 1 | -1,
  distance: number,
  rule: ContextRule,
): ContextVerdict {
  const positive = longestPhraseAt(words, k, direction, rule.positive);
  const negativeInReach = rule.negative && distance < (rule.negativeDistance ?? Infinity);
  const negative = negativeInReach ? longestPhraseAt(words, k, direction, rule.negative!) : 0;
  if (positive === 0 && negative === 0) return 'none';
  // The longer phrase wins ("order number" over "number"); on a tie the negative word does.
  return negative >= positive ? 'negative' : 'positive';
}

/**
 * The nearest context word decides, so in "phone 030 1234567, order 0301234568" each number gets
 * its own verdict; words before and after are visited by increasing distance.
 */
export function contextVerdict(text: string, start: number, end: number, rule: ContextRule): ContextVerdict {
  const before = wordsBefore(text, start, rule.before ?? DEFAULT_WORDS_BEFORE);
  const after = rule.after ? wordsAfter(text, end, rule.after) : [];
  for (let distance = 0; distance < Math.max(before.length, after.length); distance++) {
    if (distance < before.length) {
      const verdict = verdictAt(before, before.length - 1 - distance, -1, distance, rule);
      if (verdict !== 'none') return verdict;
    }
    if (distance < after.length) {
      const verdict = verdictAt(after, distance, 1, distance, rule);
      if (verdict !== 'none') return verdict;
    }
  }
  return 'none';
}

export function applyContext(base: number, verdict: ContextVerdict): number {
  if (verdict === 'positive') return Math.min(1, Math.max(MIN_SCORE_WITH_CONTEXT, base + CONTEXT_BOOST));
  if (verdict === 'negative') return Math.max(0, base - NEGATIVE_PENALTY);
  return base;
}

export function scoreInContext(
  text: string,
  start: number,
  end: number,
  base: number,
  rule: ContextRule,
): number {
  return applyContext(base, contextVerdict(text, start, end, rule));
}
