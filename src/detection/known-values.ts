import { findTokenTexts } from '../tokens/token-text.js';
import type { DetectionSettings, Span } from './types.js';
import { allowListKey } from './analyze.js';

/**
 * A value already tokenized in the conversation session. Its text, decrypted by the vault, only
 * ever travels to the detection thread, never to logs or queues.
 */
export interface KnownValue {
  entity_type: string;
  label: string;
  value: string;
}

/** Shorter values would match too much that is not them. */
const MIN_KNOWN_VALUE_LENGTH = 2;
/** A letter, digit, mark or underscore right before or after a match makes it part of a longer word. */
const WORD_CLASS = '[\\p{L}\\p{N}\\p{M}_]';
const WORD_CHAR = new RegExp(WORD_CLASS, 'u');
const WORD = new RegExp(`${WORD_CLASS}+`, 'gu');
const LEADING_WORD = new RegExp(`^${WORD_CLASS}+`, 'u');

/**
 * Adds spans for values already tokenized in this session wherever they occur verbatim (case and
 * all) as whole words and nothing was detected: a name the model found in the user's first turn is
 * tokenized again when the restored answer comes back in the history, whatever the model makes of
 * its new context. Known values fill gaps only: they never split or replace a detected span, and
 * they skip existing token text. Types that are off and allow-listed values are skipped, as for
 * detected spans; a known value scores 1, so the threshold never drops it.
 *
 * `spans` are the detected spans of `text` (sorted, non-overlapping); returns them with the known
 * values' spans merged in, sorted.
 */
export function withKnownValues(
  text: string,
  spans: Span[],
  known: readonly KnownValue[],
  settings: DetectionSettings,
): Span[] {
  if (!known.length || !text) return spans;
  const enabled = new Set([...settings.entities, ...settings.deny_patterns.map((p) => p.label)]);
  const allowed = new Set(settings.allow_list.map(allowListKey));
  // Longest first, so "Anna Berg" is found whole before "Anna" could take part of it.
  const candidates = known
    .filter(
      (k) =>
        k.value.length >= MIN_KNOWN_VALUE_LENGTH &&
        enabled.has(k.entity_type) &&
        !allowed.has(allowListKey(k.value)),
    )
    .sort((a, b) => b.value.length - a.value.length);
  if (!candidates.length) return spans;

  // Characters already spoken for: detected spans, token text and known values placed so far.
  const taken = new Uint8Array(text.length);
  const take = (r: { start: number; end: number }) => taken.fill(1, r.start, r.end);
  spans.forEach(take);
  findTokenTexts(text).forEach(take);
  const added: Span[] = [];
  const seen = new Set<string>();
  const words = wordIndex(text);
  for (const k of candidates) {
    if (seen.has(k.value)) continue;
    seen.add(k.value);
    for (const at of occurrences(text, k.value, words)) {
      const end = at + k.value.length;
      if (!wholeWord(text, at, end) || taken.subarray(at, end).includes(1)) continue;
      const span: Span = {
        entity_type: k.entity_type,
        label: k.label,
        start: at,
        end,
        score: 1,
        source: 'known',
      };
      added.push(span);
      take(span);
    }
  }
  if (!added.length) return spans;
  return [...spans, ...added].sort((a, b) => a.start - b.start);
}

/** Where each word of the text starts, by word: one pass over the text serves every known value. */
function wordIndex(text: string): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const m of text.matchAll(WORD)) {
    const list = index.get(m[0]);
    if (list) list.push(m.index);
    else index.set(m[0], [m.index]);
  }
  return index;
}

/**
 * Start offsets of `value` in `text`. A value that starts with a word is looked up by that word
 * (a match must start where a word of the text starts); any other value is searched for directly.
 */
function occurrences(text: string, value: string, words: Map<string, number[]>): number[] {
  const first = LEADING_WORD.exec(value)?.[0];
  if (first) return (words.get(first) ?? []).filter((at) => text.startsWith(value, at));
  const found: number[] = [];
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) found.push(at);
  return found;
}

function wholeWord(text: string, start: number, end: number): boolean {
  // Only a word character next to a word character joins them ("Anna" in "Annabel").
  const joins = (outside: string, inside: string) =>
    outside !== '' && WORD_CHAR.test(outside) && WORD_CHAR.test(inside);
  return (
    !joins(codePointBefore(text, start), codePointAt(text, start)) &&
    !joins(codePointAt(text, end), codePointBefore(text, end))
  );
}

const codePointAt = (text: string, i: number) =>
  i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : '';

function codePointBefore(text: string, i: number): string {
  if (i <= 0) return '';
  const unit = text.charCodeAt(i - 1);
  const lowSurrogate = unit >= 0xdc00 && unit <= 0xdfff;
  return lowSurrogate && i >= 2 ? codePointAt(text, i - 2) : text[i - 1]!;
}
