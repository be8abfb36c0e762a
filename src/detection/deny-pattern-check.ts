import safeRegex from 'safe-regex2';
import type { DenyPattern } from './types.js';
import {
  childrenOf,
  firstChars,
  intersects,
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
 * that can match the empty string, and anything that can backtrack badly: more than 25 quantifiers,
 * a quantifier nested in another unless both are bounded and the nest can be matched in at most
 * MAX_NEST_PATHS ways (`(\d{3}-)?\d{4}` and `(?:\d{1,3}\.){3}\d{1,3}` pass; `(a+)+` and
 * `(?:-\d{2})+` do not: write `(?:-\d{2}){1,10}`), alternatives inside a repeated group that can
 * start with the same character (`(a|a)*`, `(a|ab)+`), and two repeated parts in a row, each of
 * more than FEW_REPEATS repetitions, that can match the same characters (`\w+\s*\w+`, `\d+\d*`).
 * Patterns without a nest go through safe-regex2 as well; it refuses every nest, so nests are
 * judged by our own count alone.
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

/** safe-regex2's default limit on the quantifiers of one pattern. */
const MAX_QUANTIFIERS = 25;
/**
 * Most ways the nested quantifiers of a pattern may match from one position, so a backtracking
 * matcher tries at most this many paths there: `(\d{3}-)?` has 2, `(?:\d{1,3}\.){3}` 27.
 */
export const MAX_NEST_PATHS = 64;

const holdsQuantifier = (node: RegexNode): boolean =>
  node.kind === 'repeat' || childrenOf(node).some(holdsQuantifier);

/** Quantified parts that hold another quantifier, outermost only. */
function nests(node: RegexNode): RegexNode[] {
  if (node.kind === 'repeat' && holdsQuantifier(node.node)) return [node];
  return childrenOf(node).flatMap(nests);
}

function countQuantifiers(node: RegexNode): number {
  return (node.kind === 'repeat' ? 1 : 0) + childrenOf(node).reduce((n, c) => n + countQuantifiers(c), 0);
}

/**
 * How many ways a part can match, counting each quantifier's choice of repetitions (capped just
 * above MAX_NEST_PATHS; Infinity for an unbounded quantifier).
 */
function matchPaths(node: RegexNode): number {
  const cap = (n: number) => Math.min(n, MAX_NEST_PATHS + 1);
  switch (node.kind) {
    case 'chars':
      return 1;
    case 'assert':
      return node.inner ? matchPaths(node.inner) : 1;
    case 'seq':
      return cap(node.items.reduce((n, item) => n * matchPaths(item), 1));
    case 'alt':
      return cap(node.options.reduce((n, option) => n + matchPaths(option), 0));
    case 'repeat': {
      if (!Number.isFinite(node.max)) return Number.POSITIVE_INFINITY;
      const each = matchPaths(node.node);
      let total = 0;
      for (let k = node.min; k <= node.max && total <= MAX_NEST_PATHS; k++) total += each ** k;
      return cap(total);
    }
  }
}

/** Too many quantifiers, or a nest that is unbounded or can match in too many ways. */
function canBacktrackBadly(source: string, parsed: ParsedRegex): boolean {
  const nested = nests(parsed.root);
  if (!nested.length) return !safeRegex(asLookaheads(source, parsed));
  if (countQuantifiers(parsed.root) > MAX_QUANTIFIERS) return true;
  return nested.reduce((n, nest) => n * matchPaths(nest), 1) > MAX_NEST_PATHS;
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

/**
 * Two adjacent loops split a run of characters they share in (repeats₁ × repeats₂) ways. With at
 * most this many repetitions on one side the split costs little: `\d{1,3}\d+x` over 200,000 digits
 * took 0.5 s against 0.2 s for `\d+x` alone, which was always accepted; `\d{1,8}\d+x` took 1.4 s.
 */
const FEW_REPEATS = 3;

/**
 * Two loops of more than FEW_REPEATS repetitions in sequence (with only optional parts between
 * them) that can consume the same character.
 */
function hasOverlappingAdjacentLoops(root: RegexNode): boolean {
  let found = false;
  walk(root, (node) => {
    if (found || node.kind !== 'seq') return;
    const items = node.items;
    for (let i = 0; i < items.length && !found; i++) {
      const trailing = loopCharsAtEdge(items[i]!, 'last', FEW_REPEATS);
      if (trailing.length === 0) continue;
      for (let j = i + 1; j < items.length; j++) {
        if (intersects(trailing, loopCharsAtEdge(items[j]!, 'first', FEW_REPEATS))) {
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
  if (canBacktrackBadly(p.pattern, parsed)) {
    return refuse(
      'pattern nests quantifiers that are unbounded or allow too many repetitions (write {1,10} rather than + in or around a repeated group), or has too many quantifiers, and could backtrack catastrophically',
    );
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
