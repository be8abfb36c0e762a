/**
 * How a run of digits and separators ("Tel. 030 1234567 / 0171 1234567") is cut into phone
 * number candidates: digit groups, pieces joined only by phone separators, windows of
 * consecutive groups, and the choice of windows that covers the most digits.
 */

export interface Group {
  start: number;
  end: number;
}

// What may stand between two digit groups of one phone number; anything else splits the run.
const SEPARATOR = /^(?:[ \u00a0.\-/]|[ \u00a0][-/][ \u00a0]|[ \u00a0]?\(|\)[ \u00a0-]?)$/;

/** Phones have few groups, and few of one digit ("+1", "(0)", "+33 6"): longer windows are lists of numbers. */
const MAX_GROUPS = 7;
const MAX_SINGLE_DIGIT_GROUPS = 2;

/** "030 1234567-214": a short last group after a dash that follows a long group is an extension. */
function isExtension(run: string, previous: Group, group: Group): boolean {
  return (
    previous.end - previous.start >= 5 &&
    group.end - group.start <= 4 &&
    run[previous.end] === '-' &&
    group.start === previous.end + 1 &&
    !/\d/.test(run.slice(group.end))
  );
}

/**
 * The digit groups of a run, split into pieces wherever the text between two groups is no phone
 * separator; an extension becomes a piece of its own.
 */
export function pieces(run: string): Group[][] {
  const result: Group[][] = [];
  let current: Group[] = [];
  for (const m of run.matchAll(/\d+/g)) {
    const group = { start: m.index, end: m.index + m[0].length };
    const previous = current[current.length - 1];
    if (
      previous &&
      (!SEPARATOR.test(run.slice(previous.end, group.start)) || isExtension(run, previous, group))
    ) {
      result.push(current);
      current = [];
    }
    current.push(group);
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** The digit groups of one piece of a run, with what windows over them may look like. */
export class Piece {
  /** digitsBefore[i]: digits in groups 0..i-1. */
  private readonly digitsBefore: number[] = [0];

  constructor(
    private readonly run: string,
    readonly groups: Group[],
  ) {
    for (const g of groups) {
      this.digitsBefore.push(this.digitsBefore[this.digitsBefore.length - 1]! + g.end - g.start);
    }
  }

  digits(i: number, j: number): number {
    return this.digitsBefore[j + 1]! - this.digitsBefore[i]!;
  }

  /** A window may begin before group i / end after group j only at a space inside a piece. */
  spacedBefore(i: number): boolean {
    return i === 0 || /\s/.test(this.run.slice(this.groups[i - 1]!.end, this.groups[i]!.start));
  }

  spacedAfter(j: number): boolean {
    return (
      j === this.groups.length - 1 ||
      /\s/.test(this.run.slice(this.groups[j]!.end, this.groups[j + 1]!.start))
    );
  }

  /**
   * Window bounds in the run. A leading '+' belongs to the number, and so do brackets around an
   * area code ("(415) 555-0123"); brackets around the whole number ("(030 1234567)") do not.
   */
  bounds(i: number, j: number): [number, number] {
    let start = this.groups[i]!.start;
    let end = this.groups[j]!.end;
    const prefix = this.run[start - 1];
    if (prefix === '+') start--;
    else if (prefix === ' ' && this.run[start - 2] === '+') start -= 2;
    else if (prefix === '(' && this.run[this.groups[i]!.end] === ')' && i < j) start--;
    const window = this.run.slice(start, end);
    if (this.run[end] === ')' && window.split('(').length > window.split(')').length) end++;
    return [start, end];
  }
}

export interface DigitLimits {
  min: number;
  max: number;
}

/**
 * The windows of a piece accepted by `accept`, choosing the split that covers the most digits
 * ("030 1234567 0171 1234567" is two numbers, though "030 1234567 0171" alone would also
 * validate), with fewer, longer numbers on a tie. Returned left to right.
 */
export function chooseWindows<T>(
  piece: Piece,
  digits: DigitLimits,
  accept: (i: number, j: number) => T | null,
): T[] {
  const n = piece.groups.length;
  const byStart: { j: number; value: T }[][] = [];
  for (let i = 0; i < n; i++) {
    const found: { j: number; value: T }[] = [];
    byStart.push(found);
    if (!piece.spacedBefore(i)) continue;
    let last = i;
    let singles = 0;
    while (last < n && last - i < MAX_GROUPS && piece.digits(i, last) <= digits.max) {
      const g = piece.groups[last]!;
      if (g.end - g.start === 1 && ++singles > MAX_SINGLE_DIGIT_GROUPS) break;
      last++;
    }
    for (let j = i; j < last; j++) {
      if (piece.digits(i, j) < digits.min || !piece.spacedAfter(j)) continue;
      const value = accept(i, j);
      if (value !== null) found.push({ j, value });
    }
  }
  // best[i]: [digits covered, -windows used] from group i on; choice[i]: the window taken at i, if any.
  const best: [number, number][] = new Array<[number, number]>(n + 1).fill([0, 0]);
  const choice: ({ j: number; value: T } | null)[] = new Array<{ j: number; value: T } | null>(n).fill(null);
  for (let i = n - 1; i >= 0; i--) {
    best[i] = best[i + 1]!;
    for (const w of byStart[i]!) {
      const [covered, count] = best[w.j + 1]!;
      const option: [number, number] = [covered + piece.digits(i, w.j), count - 1];
      if (option[0] > best[i]![0] || (option[0] === best[i]![0] && option[1] > best[i]![1])) {
        best[i] = option;
        choice[i] = w;
      }
    }
  }
  const chosen: T[] = [];
  for (let i = 0; i < n;) {
    const w = choice[i];
    if (w) {
      chosen.push(w.value);
      i = w.j + 1;
    } else {
      i++;
    }
  }
  return chosen;
}
