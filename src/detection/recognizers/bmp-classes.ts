/**
 * Unicode property classes cut down to the Basic Multilingual Plane. In a two-byte subject V8 matches
 * `\p{L}` with code for surrogate pairs as well (letters beyond U+FFFF: historic scripts,
 * mathematical letters), which made our address patterns several times larger in memory and slower
 * to compile; no street, town or postcode needs those characters.
 */

const PROPERTIES = ['Lu', 'Ll', 'L', 'M', 'N'] as const;
type Property = (typeof PROPERTIES)[number];

// Characters as themselves, not as \uXXXX escapes: V8 leaves patterns over 20 KB of source unoptimized.
const CLASS_SYNTAX = new Set(['\\', ']', '[', '^', '-']);
const char = (c: number) => {
  const ch = String.fromCharCode(c);
  return CLASS_SYNTAX.has(ch) ? `\\${ch}` : ch;
};

/** The BMP ranges of a property, as the inside of a character class: "A-ZÀ-Ö…". */
function bmpRanges(property: Property): string {
  const test = new RegExp(`^\\p{${property}}$`, 'u');
  const ranges: [number, number][] = [];
  for (let c = 0; c <= 0xffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (!test.test(String.fromCharCode(c))) continue;
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges.map(([a, b]) => (a === b ? char(a) : `${char(a)}-${char(b)}`)).join('');
}

const RANGES = new Map<string, string>(PROPERTIES.map((p) => [p, bmpRanges(p)]));

/**
 * `source` with every `\p{Lu}`, `\p{Ll}`, `\p{L}`, `\p{M}` and `\p{N}` replaced by its BMP ranges:
 * inside a character class as ranges, elsewhere as a class of its own.
 */
export function withBmpClasses(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const property = /^\\p\{(Lu|Ll|L|M|N)\}/.exec(source.slice(i, i + 6))?.[1];
      if (property !== undefined) {
        const ranges = RANGES.get(property)!;
        out += inClass ? ranges : `[${ranges}]`;
        i += property.length + 3;
        continue;
      }
      out += c + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return out;
}
