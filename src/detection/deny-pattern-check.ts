import safeRegex from 'safe-regex2';
import type { DenyPattern } from './types.js';
import {
  firstChars,
  intersects,
  isLoop,
  loopCharsAtEdge,
  minLength,
  parseRegex,
  walk,
  type ParsedRegex,
  type RegexNode,
} from './regex-structure.js';

/**
 * Tenant deny patterns: a tenant's own regex entities (DESIGN 7), checked when settings are saved.
 *
 * Matching semantics: the pattern is compiled with no flags besides `g`: case-sensitive, `.` does
 * not cross lines, no Unicode mode (`\p{…}` is not available). Case-sensitivity keeps `[A-Z]{3}-\d+`
 * meaning what it says; write `[Ee]mp` where either case should match.
 *
 * Refused: invalid syntax, backreferences (and the octal escapes that look like them), patterns
 * that can match the empty string, and anything that can backtrack badly — what safe-regex2 flags
 * (it refuses any quantifier nested in another, even `(\d{3}-)?\d{4}`: write `(?:\d\d\d-)?\d{4}`
 * or `\d{4}|\d{3}-\d{4}` instead), plus what it misses: alternatives inside a repeated group that
 * can start with the same character (`(a|a)*`, `(a|ab)+`), and two repeated parts in a row that
 * can match the same characters (`\w+\s*\w+`, `\d+\d*`).
 *
 * At runtime every unbounded quantifier is capped at MAX_REPEAT repetitions, so even a pattern that
 * starts with one (`\d+x` over a long run of digits) costs at most MAX_REPEAT steps per position.
 */

export const DENY_PATTERN_MAX_LENGTH = 500;
export const DENY_LABEL = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** Cap for `*`, `+` and `{n,}` at runtime; a personal-data value is far shorter than this. */
export const MAX_REPEAT = 100;

export type DenyPatternVerdict = { ok: true } | { ok: false; reason: string };

const refuse = (reason: string): DenyPatternVerdict => ({ ok: false, reason });

function hasNestedLoop(root: RegexNode): boolean {
  let found = false;
  walk(root, (node, loopDepth) => {
    if (isLoop(node) && loopDepth > 0) found = true;
  });
  return found;
}

/** An alternation inside a loop whose options can start alike, or one that can match nothing. */
function hasAmbiguousLoopedAlternation(root: RegexNode): boolean {
  let found = false;
  walk(root, (node, loopDepth) => {
    if (found || node.kind !== 'alt' || loopDepth === 0) return;
    const firsts = node.options.map(firstChars);
    if (node.options.some((option) => minLength(option) === 0)) found = true;
    for (let i = 0; i < firsts.length && !found; i++) {
      for (let j = i + 1; j < firsts.length && !found; j++) {
        if (intersects(firsts[i]!, firsts[j]!)) found = true;
      }
    }
  });
  return found;
}

/** Two loops in sequence (with only optional parts between them) that can consume the same character. */
function hasOverlappingAdjacentLoops(root: RegexNode): boolean {
  let found = false;
  walk(root, (node) => {
    if (found || node.kind !== 'seq') return;
    const items = node.items;
    for (let i = 0; i < items.length && !found; i++) {
      const trailing = loopCharsAtEdge(items[i]!, 'last');
      if (trailing.length === 0) continue;
      for (let j = i + 1; j < items.length; j++) {
        if (intersects(trailing, loopCharsAtEdge(items[j]!, 'first'))) {
          found = true;
          break;
        }
        if (minLength(items[j]!) > 0) break;
      }
    }
  });
  return found;
}

/**
 * safe-regex2's parser (ret) does not know lookbehind and calls such patterns unsafe; a lookahead
 * in its place has the same structure for its star-height check.
 */
function asLookaheads(source: string, parsed: ParsedRegex): string {
  let out = source;
  // Right to left, so earlier offsets stay valid.
  for (const at of [...parsed.lookbehinds].reverse()) out = `${out.slice(0, at)}(?${out.slice(at + 3)}`;
  return out;
}

function parse(source: string): ParsedRegex | null {
  try {
    new RegExp(source);
    return parseRegex(source);
  } catch {
    return null;
  }
}

export function checkDenyPattern(p: DenyPattern): DenyPatternVerdict {
  if (typeof p.label !== 'string' || !DENY_LABEL.test(p.label)) {
    return refuse(
      'label must start with a letter and hold only letters, digits and underscores (at most 32)',
    );
  }
  if (typeof p.score !== 'number' || !Number.isFinite(p.score) || p.score < 0 || p.score > 1) {
    return refuse('score must be a number between 0 and 1');
  }
  if (typeof p.pattern !== 'string' || p.pattern.length === 0) return refuse('pattern must not be empty');
  if (p.pattern.length > DENY_PATTERN_MAX_LENGTH) {
    return refuse(`pattern must be at most ${DENY_PATTERN_MAX_LENGTH} characters`);
  }
  const parsed = parse(p.pattern);
  if (!parsed) return refuse('pattern is not a valid regular expression');
  if (parsed.hasBackreference) return refuse('backreferences and octal escapes are not allowed');
  if (minLength(parsed.root) === 0) return refuse('pattern can match the empty string');
  if (!safeRegex(asLookaheads(p.pattern, parsed)) || hasNestedLoop(parsed.root)) {
    return refuse('pattern nests quantifiers or has too many of them and could backtrack catastrophically');
  }
  if (hasAmbiguousLoopedAlternation(parsed.root)) {
    return refuse(
      'alternatives inside a repeated group can match the same text and could backtrack catastrophically',
    );
  }
  if (hasOverlappingAdjacentLoops(parsed.root)) {
    return refuse('consecutive repeated parts can match the same characters and could backtrack heavily');
  }
  return { ok: true };
}

/** The source with every unbounded quantifier given an upper bound of MAX_REPEAT. */
function boundedSource(source: string, parsed: ParsedRegex): string {
  let out = '';
  let at = 0;
  for (const q of parsed.unbounded) {
    out += source.slice(at, q.start) + `{${q.min},${Math.max(q.min, MAX_REPEAT)}}`;
    at = q.end;
  }
  return out + source.slice(at);
}

// Compiled patterns by source; tenants have few patterns, this only bounds a pathological mix.
const MAX_COMPILED = 512;
const compiled = new Map<string, RegExp | null>();

/**
 * The runtime form of a deny pattern (global, unbounded quantifiers capped), or null when the
 * pattern fails the check — settings are checked at save time, so null means stale settings.
 */
export function compileDenyPattern(p: DenyPattern): RegExp | null {
  const key = `${p.label}\u0000${p.score}\u0000${p.pattern}`;
  const cached = compiled.get(key);
  if (cached !== undefined) return cached === null ? null : new RegExp(cached);
  let regex: RegExp | null = null;
  if (checkDenyPattern(p).ok) {
    const parsed = parseRegex(p.pattern);
    regex = new RegExp(boundedSource(p.pattern, parsed), 'g');
  }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, regex);
  return regex === null ? null : new RegExp(regex);
}
