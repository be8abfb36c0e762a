import fc from 'fast-check';

/** Texts mixing prose, ordinary brackets, unicode and token text, plus the lookup that knows some of the ids. */
export interface TokenizedText {
  text: string;
  values: Map<string, string>;
}

// Single code units, then characters made of several (combining marks, surrogate pairs, flags, a lone mark).
const PROSE_UNITS = [
  ...'aZq7_  :[](),."\\',
  '\u00a0',
  '\u2028',
  'é',
  'ß',
  '中',
  '文',
  'e\u0301',
  '😀',
  '👋🏽',
  '🇫🇷',
  '\u0301',
];
const CONTROL_UNITS = ['\n', '\t', '\r\n'];
const PROSE_FRAGMENTS = [
  '[1]',
  'arr[i]',
  '[see above]',
  '[the docs](https://example.com/a[0])',
  '[1,2,3]',
  '["a","b"]',
  '[[',
  ']]',
  '[',
  '[N',
  '[NAME',
  '[NAME ',
  '[NAME:',
  '[NAME: ',
  '[NAME: k3j',
  '[NAME: k3j9x2m]',
  '[NAME: k3j9x2m4a]',
  '[NAME   : k3j9x2m4]',
  '[NAME:   k3j9x2m4]',
  '[1NAME: k3j9x2m4]',
  `[${'L'.repeat(33)}: k3j9x2m4]`,
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PLAINTEXT_UNITS = [...PROSE_UNITS, '\n', '\t', '\u0000', 'x', 'Ünal', '[NAME: ', '[1]', '{"a":[1]}'];

const charOf = (alphabet: string) => fc.constantFrom(...alphabet);
const id8 = fc.string({ unit: charOf(ID_CHARS), minLength: 8, maxLength: 8 });
const label = fc
  .tuple(charOf(LETTERS), fc.string({ unit: charOf(`${LETTERS}0123456789_`), maxLength: 33 }))
  .map(([first, rest]) => first + rest);
const spacing = (withControl: boolean) =>
  fc.constantFrom('', '', ' ', ' ', '  ', '   ', '\u00a0', ...(withControl ? ['\t', '\n '] : []));
const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

/** A token: an index into the known ids, or a fresh id (which the lookup usually does not know). */
interface TokenSpec {
  label: string;
  before: string;
  after: string;
  known: number | undefined;
  freshId: string;
  upperId: boolean;
}

const tokenSpec = (withControl: boolean): fc.Arbitrary<TokenSpec> =>
  fc.record({
    label,
    before: spacing(withControl),
    after: spacing(withControl),
    known: fc.option(fc.nat(), { nil: undefined }),
    freshId: fc.oneof(
      { weight: 8, arbitrary: id8 },
      { weight: 1, arbitrary: fc.string({ unit: charOf(ID_CHARS), minLength: 7, maxLength: 9 }) },
    ),
    upperId: fc.boolean(),
  });

type Segment = { prose: string } | { token: TokenSpec };

const segment = (withControl: boolean): fc.Arbitrary<Segment> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .string({
          unit: fc.constantFrom(...PROSE_UNITS, ...(withControl ? CONTROL_UNITS : [])),
          maxLength: 12,
        })
        .map((prose) => ({ prose })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...PROSE_FRAGMENTS).map((prose) => ({ prose })) },
    { weight: 3, arbitrary: tokenSpec(withControl).map((token) => ({ token })) },
  );

function tokenText(spec: TokenSpec, knownIds: string[]): string {
  const id = spec.known !== undefined ? knownIds[spec.known % knownIds.length]! : spec.freshId;
  return `[${spec.label}${spec.before}:${spec.after}${spec.upperId ? id.toUpperCase() : id}]`;
}

/**
 * `withControl` allows tabs and newlines in prose and around colons; leave it off where the text will be
 * JSON-escaped, since escaping turns a newline inside a token into `\n` and the token would no longer match.
 */
export function tokenizedText({ withControl = true } = {}): fc.Arbitrary<TokenizedText> {
  const known = fc.uniqueArray(
    fc.record({ id: id8, value: fc.string({ unit: fc.constantFrom(...PLAINTEXT_UNITS), maxLength: 10 }) }),
    { selector: (k) => k.id, minLength: 1, maxLength: 4 },
  );
  return fc
    .record({ known, segments: fc.array(segment(withControl), { maxLength: 30 }) })
    .chain(({ known, segments }) => {
      const knownIds = known.map((k) => k.id);
      const casedIds = fc.tuple(...knownIds.map(randomCase));
      return casedIds.map((cased) => ({
        text: segments.map((s) => ('prose' in s ? s.prose : tokenText(s.token, cased))).join(''),
        values: new Map(known.map((k) => [k.id, k.value])),
      }));
    });
}

/** Cuts `text` at arbitrary UTF-16 positions (splitting surrogate pairs too); empty pieces included. */
export function chunkings(text: string): fc.Arbitrary<string[]> {
  return fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), text.length];
    return points.slice(1).map((end, i) => text.slice(points[i], end));
  });
}
