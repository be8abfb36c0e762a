/**
 * A small parser for JavaScript regular expressions (no flags, Annex B syntax) that keeps only
 * what the deny-pattern check reasons about: which characters each part can match, how parts
 * are sequenced, alternated and repeated, and where the unbounded quantifiers are written.
 * The source is compiled by `new RegExp` before it gets here, so the parser may be lenient.
 */

/** Sorted, disjoint, inclusive UTF-16 code unit ranges. */
export type CharSet = readonly (readonly [number, number])[];

export type RegexNode =
  | { kind: 'chars'; set: CharSet }
  | { kind: 'seq'; items: RegexNode[] }
  | { kind: 'alt'; options: RegexNode[] }
  | { kind: 'repeat'; node: RegexNode; min: number; max: number }
  | { kind: 'assert'; inner: RegexNode | null };

/** Where an unbounded quantifier (`*`, `+`, `{n,}`) is written, so it can be rewritten with a bound. */
export interface UnboundedQuantifier {
  start: number;
  end: number;
  min: number;
}

export interface ParsedRegex {
  root: RegexNode;
  unbounded: UnboundedQuantifier[];
  /** Offsets of the '(' opening each lookbehind. */
  lookbehinds: number[];
  hasBackreference: boolean;
}

const MAX_CODE_UNIT = 0xffff;

export function normalizeSet(ranges: (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_UNIT) out.push([next, MAX_CODE_UNIT]);
  return out;
}

export function union(a: CharSet, b: CharSet): CharSet {
  return normalizeSet([...a, ...b]);
}

export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aLo, aHi] = a[i]!;
    const [bLo, bHi] = b[j]!;
    if (aHi < bLo) i++;
    else if (bHi < aLo) j++;
    else return true;
  }
  return false;
}

const char = (c: string): CharSet => [[c.charCodeAt(0), c.charCodeAt(0)]];
const DIGIT: CharSet = [[48, 57]];
const WORD: CharSet = normalizeSet([
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
]);
const SPACE: CharSet = normalizeSet([
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
const LINE_TERMINATORS: CharSet = normalizeSet([
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
]);
const ANY_BUT_NEWLINE = complement(LINE_TERMINATORS);
const EMPTY: CharSet = [];

const CLASS_ESCAPES: Record<string, CharSet> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, '0': 0 };

class Parser {
  private pos = 0;
  readonly unbounded: UnboundedQuantifier[] = [];
  readonly lookbehinds: number[] = [];
  hasBackreference = false;

  constructor(private readonly src: string) {}

  parse(): RegexNode {
    const node = this.disjunction();
    if (this.pos < this.src.length) throw new Error('unbalanced parenthesis');
    return node;
  }

  private peek(offset = 0): string | undefined {
    return this.src[this.pos + offset];
  }

  private disjunction(): RegexNode {
    const options = [this.alternative()];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.alternative());
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { kind: 'seq', items };
  }

  /** Reads a quantifier after `atom` when there is one (Annex B: `{` that is not one is a literal). */
  private quantified(atom: RegexNode): RegexNode {
    const start = this.pos;
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Infinity;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (!m) return atom;
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    } else {
      return atom;
    }
    const end = this.pos;
    if (this.peek() === '?') this.pos++;
    if (max === Infinity) this.unbounded.push({ start, end, min });
    return { kind: 'repeat', node: atom, min, max };
  }

  private atom(): RegexNode {
    const c = this.peek()!;
    this.pos++;
    switch (c) {
      case '^':
      case '$':
        return { kind: 'assert', inner: null };
      case '.':
        return { kind: 'chars', set: ANY_BUT_NEWLINE };
      case '[':
        return { kind: 'chars', set: this.charClass() };
      case '(':
        return this.group();
      case '\\':
        return this.atomEscape();
      default:
        return { kind: 'chars', set: char(c) };
    }
  }

  private group(): RegexNode {
    let lookaround = false;
    if (this.src.startsWith('?:', this.pos)) this.pos += 2;
    else if (this.src.startsWith('?=', this.pos) || this.src.startsWith('?!', this.pos)) {
      this.pos += 2;
      lookaround = true;
    } else if (this.src.startsWith('?<=', this.pos) || this.src.startsWith('?<!', this.pos)) {
      this.lookbehinds.push(this.pos - 1);
      this.pos += 3;
      lookaround = true;
    } else if (this.src.startsWith('?<', this.pos)) {
      this.pos = this.src.indexOf('>', this.pos) + 1;
    }
    const inner = this.disjunction();
    if (this.peek() !== ')') throw new Error('unbalanced parenthesis');
    this.pos++;
    return lookaround ? { kind: 'assert', inner } : inner;
  }

  private atomEscape(): RegexNode {
    const c = this.peek();
    if (c === undefined) throw new Error('trailing backslash');
    if (c === 'b' || c === 'B') {
      this.pos++;
      return { kind: 'assert', inner: null };
    }
    if (/[1-9]/.test(c) || (c === 'k' && this.peek(1) === '<')) {
      // Backreferences make matching exponential in general; octal escapes look the same, so both are refused.
      this.hasBackreference = true;
      this.pos++;
      return { kind: 'chars', set: EMPTY };
    }
    return { kind: 'chars', set: this.characterEscape() };
  }

  /** An escape that stands for characters, after the backslash. */
  private characterEscape(): CharSet {
    const c = this.peek()!;
    this.pos++;
    const classSet = CLASS_ESCAPES[c];
    if (classSet) return classSet;
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) return [[control, control]];
    if (c === 'c' && /[A-Za-z]/.test(this.peek() ?? '')) {
      const code = this.peek()!.charCodeAt(0) % 32;
      this.pos++;
      return [[code, code]];
    }
    if (c === 'x' && /^[0-9A-Fa-f]{2}/.test(this.src.slice(this.pos))) {
      const code = parseInt(this.src.slice(this.pos, this.pos + 2), 16);
      this.pos += 2;
      return [[code, code]];
    }
    if (c === 'u' && /^[0-9A-Fa-f]{4}/.test(this.src.slice(this.pos))) {
      const code = parseInt(this.src.slice(this.pos, this.pos + 4), 16);
      this.pos += 4;
      return [[code, code]];
    }
    return char(c);
  }

  private charClass(): CharSet {
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.pos++;
    }
    const ranges: (readonly [number, number])[] = [];
    while (this.peek() !== ']') {
      if (this.pos >= this.src.length) throw new Error('unterminated character class');
      const from = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && from.length === 1) {
        const save = this.pos;
        this.pos++;
        const to = this.classAtom();
        const [lo] = from[0]!;
        if (to.length === 1 && from[0]![0] === from[0]![1] && to[0]![0] === to[0]![1]) {
          ranges.push([lo, to[0]![0]]);
          continue;
        }
        // "[\d-x]": the hyphen is a literal.
        this.pos = save;
      }
      ranges.push(...from);
    }
    this.pos++;
    const set = normalizeSet(ranges);
    return negate ? complement(set) : set;
  }

  private classAtom(): CharSet {
    const c = this.peek()!;
    this.pos++;
    if (c !== '\\') return char(c);
    if (this.peek() === 'b') {
      this.pos++;
      return [[8, 8]];
    }
    if (this.peek() === '-') {
      this.pos++;
      return char('-');
    }
    if (/[1-9]/.test(this.peek() ?? '')) {
      this.hasBackreference = true;
      this.pos++;
      return EMPTY;
    }
    return this.characterEscape();
  }
}

export function parseRegex(source: string): ParsedRegex {
  const parser = new Parser(source);
  const root = parser.parse();
  return {
    root,
    unbounded: parser.unbounded,
    lookbehinds: parser.lookbehinds,
    hasBackreference: parser.hasBackreference,
  };
}

// ---- structural facts ----

export function minLength(node: RegexNode): number {
  switch (node.kind) {
    case 'chars':
      return 1;
    case 'seq':
      return node.items.reduce((n, item) => n + minLength(item), 0);
    case 'alt':
      return Math.min(...node.options.map(minLength));
    case 'repeat':
      return node.min * minLength(node.node);
    case 'assert':
      return 0;
  }
}

/** Every character the node can consume anywhere in a match. */
export function allChars(node: RegexNode): CharSet {
  switch (node.kind) {
    case 'chars':
      return node.set;
    case 'seq':
      return node.items.reduce<CharSet>((set, item) => union(set, allChars(item)), EMPTY);
    case 'alt':
      return node.options.reduce<CharSet>((set, option) => union(set, allChars(option)), EMPTY);
    case 'repeat':
      return node.max === 0 ? EMPTY : allChars(node.node);
    case 'assert':
      return EMPTY;
  }
}

/** Characters a match of the node can start with. */
export function firstChars(node: RegexNode): CharSet {
  switch (node.kind) {
    case 'chars':
      return node.set;
    case 'seq': {
      let set: CharSet = EMPTY;
      for (const item of node.items) {
        set = union(set, firstChars(item));
        if (minLength(item) > 0) break;
      }
      return set;
    }
    case 'alt':
      return node.options.reduce<CharSet>((set, option) => union(set, firstChars(option)), EMPTY);
    case 'repeat':
      return node.max === 0 ? EMPTY : firstChars(node.node);
    case 'assert':
      return EMPTY;
  }
}

const isLoop = (node: RegexNode): node is Extract<RegexNode, { kind: 'repeat' }> =>
  node.kind === 'repeat' && node.max > 1;

/**
 * Characters consumed by a loop allowing more than `repeats` repetitions (by default any loop)
 * that can sit at the start (`edge` 'first') or end ('last') of the node's match.
 */
export function loopCharsAtEdge(node: RegexNode, edge: 'first' | 'last', repeats = 1): CharSet {
  switch (node.kind) {
    case 'chars':
    case 'assert':
      return EMPTY;
    case 'repeat':
      return node.max > repeats ? allChars(node.node) : loopCharsAtEdge(node.node, edge, repeats);
    case 'alt':
      return node.options.reduce<CharSet>(
        (set, option) => union(set, loopCharsAtEdge(option, edge, repeats)),
        EMPTY,
      );
    case 'seq': {
      const items = edge === 'first' ? node.items : [...node.items].reverse();
      let set: CharSet = EMPTY;
      for (const item of items) {
        set = union(set, loopCharsAtEdge(item, edge, repeats));
        if (minLength(item) > 0) break;
      }
      return set;
    }
  }
}

/** Visits every node, with the number of enclosing loops. */
export function walk(
  node: RegexNode,
  visit: (node: RegexNode, loopDepth: number) => void,
  loopDepth = 0,
): void {
  visit(node, loopDepth);
  const depth = isLoop(node) ? loopDepth + 1 : loopDepth;
  for (const child of childrenOf(node)) walk(child, visit, depth);
}

export function childrenOf(node: RegexNode): RegexNode[] {
  if (node.kind === 'seq') return node.items;
  if (node.kind === 'alt') return node.options;
  if (node.kind === 'repeat') return [node.node];
  return node.kind === 'assert' && node.inner ? [node.inner] : [];
}
