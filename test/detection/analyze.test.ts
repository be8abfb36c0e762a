import { describe, expect, it } from 'vitest';
import { analyzeText, applySettings, denySpans, maskTokenTexts } from '../../src/detection/analyze.js';
import { mergeSpans } from '../../src/detection/merge-spans.js';
import { DEFAULT_DETECTION_SETTINGS, type DetectionSettings, type Span } from '../../src/detection/types.js';

function span(
  entity_type: string,
  start: number,
  end: number,
  score: number,
  source: Span['source'] = 'pattern',
): Span {
  return { entity_type, label: entity_type, start, end, score, source };
}

const settings = (overrides: Partial<DetectionSettings> = {}): DetectionSettings => ({
  ...DEFAULT_DETECTION_SETTINGS,
  ...overrides,
});

const values = (text: string, spans: Span[]) => spans.map((s) => [s.entity_type, text.slice(s.start, s.end)]);

describe('maskTokenTexts', () => {
  it('replaces token text with filler of the same length and keeps everything else', () => {
    const text = 'Mail [EMAIL: ab12cd34] or [phone :  ZZ99yy00], thanks';
    const masked = maskTokenTexts(text);
    expect(masked).toHaveLength(text.length);
    expect(masked).toBe(`Mail ${' '.repeat(17)} or ${' '.repeat(19)}, thanks`);
  });

  it('returns the text unchanged when it holds no token text', () => {
    const text = 'nothing [to] mask: [NAME: short]';
    expect(maskTokenTexts(text)).toBe(text);
  });
});

describe('denySpans', () => {
  it('reports every match with the tenant label as type and label', () => {
    const text = 'Employees EMP-123456 and EMP-654321, not emp-111111';
    expect(denySpans(text, [{ label: 'EMPLOYEE_ID', pattern: String.raw`EMP-\d{6}`, score: 0.8 }])).toEqual([
      { entity_type: 'EMPLOYEE_ID', label: 'EMPLOYEE_ID', start: 10, end: 20, score: 0.8, source: 'deny' },
      { entity_type: 'EMPLOYEE_ID', label: 'EMPLOYEE_ID', start: 25, end: 35, score: 0.8, source: 'deny' },
    ]);
  });

  it('skips patterns that fail the check instead of running them', () => {
    const text = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';
    expect(denySpans(text, [{ label: 'BAD', pattern: '(a+)+$', score: 1 }])).toEqual([]);
    expect(denySpans(text, [{ label: 'BAD', pattern: '(', score: 1 }])).toEqual([]);
  });

  it('caps unbounded quantifiers and the number of matches per text', () => {
    const long = `ID-${'7'.repeat(150)}`;
    const [first] = denySpans(long, [{ label: 'ID', pattern: String.raw`ID-\d+`, score: 1 }]);
    expect(first!.end - first!.start).toBe(3 + 100);
    const many = 'X1 '.repeat(5_000);
    expect(denySpans(many, [{ label: 'X', pattern: String.raw`X\d`, score: 1 }])).toHaveLength(1_000);
  });

  it('runs a pattern that starts with a quantifier over 200,000 characters', () => {
    const text = '1'.repeat(200_000);
    expect(denySpans(text, [{ label: 'X', pattern: String.raw`\d+x`, score: 1 }])).toEqual([]);
  });
});

describe('mergeSpans', () => {
  it('keeps the higher score, then the longer span, and sorts by start', () => {
    const merged = mergeSpans([
      span('B', 10, 20, 0.6),
      span('A', 0, 5, 0.9),
      span('C', 12, 30, 0.9),
      span('D', 25, 28, 0.95),
      span('E', 0, 8, 0.9),
    ]);
    // D (0.95) first; C (0.9) contains D and replaces it; E (0.9) beats A (0.9, shorter, inside E);
    // B (0.6) overlaps C partly, so C widens to cover B's characters too.
    expect(merged.map((s) => [s.entity_type, s.start, s.end])).toEqual([
      ['E', 0, 8],
      ['C', 10, 30],
    ]);
  });

  it('prefers validated pattern spans over the model, whatever the scores', () => {
    const text = '| Julien Roux | j.roux@free.fr | Compta |';
    const start = text.indexOf('j.roux');
    const merged = analyzeText(text, settings(), [span('LOCATION', start, start + 14, 0.99, 'ner')]);
    expect(values(text, merged)).toContainEqual(['EMAIL_ADDRESS', 'j.roux@free.fr']);
    expect(merged.some((s) => s.entity_type === 'LOCATION')).toBe(false);
  });

  it('never leaves a detected character uncovered', () => {
    const inputs = [
      [span('LOC', 20, 26, 0.98, 'ner'), span('ADDR', 0, 26, 0.9, 'pattern')],
      [span('ORG', 0, 12, 0.9, 'deny'), span('ADDR', 8, 30, 0.95, 'pattern')],
      [span('A', 0, 10, 0.9), span('B', 5, 15, 0.8), span('C', 12, 20, 0.7)],
    ];
    for (const spans of inputs) {
      const merged = mergeSpans(spans);
      for (const s of spans) {
        for (let i = s.start; i < s.end; i++)
          expect(merged.some((m) => m.start <= i && i < m.end)).toBe(true);
      }
      for (let i = 1; i < merged.length; i++)
        expect(merged[i]!.start).toBeGreaterThanOrEqual(merged[i - 1]!.end);
    }
    expect(mergeSpans(inputs[0]!).map((s) => s.entity_type)).toEqual(['ADDR']);
  });

  it('does not let a model guess widen or swallow a validated span', () => {
    const runsPast = mergeSpans([span('ORG', 0, 12, 0.99, 'ner'), span('IP', 8, 20, 0.9, 'pattern')]);
    expect(runsPast.map((s) => [s.entity_type, s.start, s.end])).toEqual([['IP', 8, 20]]);
    const contains = mergeSpans([span('ORG', 0, 30, 0.99, 'ner'), span('EMAIL', 3, 25, 0.9, 'pattern')]);
    expect(contains.map((s) => [s.entity_type, s.start, s.end])).toEqual([['EMAIL', 3, 25]]);
  });

  it('prefers deny over pattern over NER on a full tie, and keeps touching spans', () => {
    const tie = [span('N', 0, 5, 0.8, 'ner'), span('P', 0, 5, 0.8, 'pattern'), span('D', 0, 5, 0.8, 'deny')];
    expect(mergeSpans(tie).map((s) => s.entity_type)).toEqual(['D']);
    expect(mergeSpans([span('A', 0, 5, 0.5), span('B', 5, 9, 0.5)]).map((s) => s.entity_type)).toEqual([
      'A',
      'B',
    ]);
  });

  it('drops empty spans and does not change its input', () => {
    const input = [span('A', 3, 3, 1), span('B', 0, 2, 0.5)];
    const copy = structuredClone(input);
    expect(mergeSpans(input).map((s) => s.entity_type)).toEqual(['B']);
    expect(input).toEqual(copy);
  });

  it('always returns sorted, non-overlapping spans', () => {
    const spans: Span[] = [];
    for (let i = 0; i < 2_000; i++) {
      const start = (i * 7919) % 5_000;
      spans.push(span(`T${i % 5}`, start, start + 1 + ((i * 31) % 40), ((i * 13) % 100) / 100));
    }
    const merged = mergeSpans(spans);
    for (let i = 1; i < merged.length; i++)
      expect(merged[i]!.start).toBeGreaterThanOrEqual(merged[i - 1]!.end);
    expect(merged.length).toBeGreaterThan(0);
  });
});

describe('applySettings', () => {
  const text = 'ACME Corp met Jane at Berlin';
  const spans = [
    span('ORGANIZATION', 0, 9, 0.9, 'ner'),
    span('PERSON', 14, 18, 0.45, 'ner'),
    span('LOCATION', 22, 28, 0.8, 'ner'),
    span('PROJECT', 14, 18, 0.3, 'deny'),
  ];

  it('keeps enabled types at or above the threshold; deny labels are always enabled', () => {
    const out = applySettings(
      text,
      spans,
      settings({ entities: ['ORGANIZATION', 'PERSON'], threshold: 0.3 }),
    );
    expect(out.map((s) => s.entity_type)).toEqual(['ORGANIZATION', 'PERSON', 'PROJECT']);
    const strict = applySettings(text, spans, settings({ threshold: 0.8 }));
    expect(strict.map((s) => s.entity_type)).toEqual(['ORGANIZATION', 'LOCATION']);
  });

  it('drops allow-listed values, case-insensitively and trimmed', () => {
    const out = applySettings(
      text,
      spans,
      settings({ threshold: 0, allow_list: ['  acme corp ', 'BERLIN'] }),
    );
    expect(out.map((s) => s.entity_type)).toEqual(['PERSON', 'PROJECT']);
  });
});

describe('analyzeText', () => {
  it('finds entities with default settings and exact offsets', () => {
    const text = 'Hallo, ich bin unter jane@example.com oder 030 1234567 erreichbar.';
    expect(values(text, analyzeText(text, DEFAULT_DETECTION_SETTINGS, []))).toEqual([
      ['EMAIL_ADDRESS', 'jane@example.com'],
      ['PHONE_NUMBER', '030 1234567'],
    ]);
  });

  it('never detects inside existing token text, nor NER spans that touch it', () => {
    const text = 'Mail [EMAIL: ab12cd34] and [PHONE: 03012345] then bob@example.com';
    const ner = [span('PERSON', 5, 11, 0.9, 'ner'), span('PERSON', 20, 30, 0.9, 'ner')];
    expect(values(text, analyzeText(text, DEFAULT_DETECTION_SETTINGS, ner))).toEqual([
      ['EMAIL_ADDRESS', 'bob@example.com'],
    ]);
  });

  it('merges pattern, deny and NER spans', () => {
    const text = 'Jane Roe (EMP-123456) lives at Hauptstraße 12, 10115 Berlin';
    const ner = [span('PERSON', 0, 8, 0.85, 'ner'), span('LOCATION', 53, 59, 0.9, 'ner')];
    const deny = [{ label: 'EMPLOYEE_ID', pattern: String.raw`EMP-\d{6}`, score: 0.9 }];
    expect(values(text, analyzeText(text, settings({ deny_patterns: deny }), ner))).toEqual([
      ['PERSON', 'Jane Roe'],
      ['EMPLOYEE_ID', 'EMP-123456'],
      ['STREET_ADDRESS', 'Hauptstraße 12, 10115 Berlin'],
    ]);
  });

  it('filters types and threshold before merging, so a disabled span hides nothing', () => {
    const text = 'See 030 1234567 now';
    const ner = [span('ORGANIZATION', 0, 16, 0.99, 'ner')];
    expect(values(text, analyzeText(text, settings({ entities: ['PHONE_NUMBER'] }), ner))).toEqual([
      ['PHONE_NUMBER', '030 1234567'],
    ]);
    expect(values(text, analyzeText(text, settings({ threshold: 0.995 }), ner))).toEqual([]);
  });

  it('applies the allow list after merging, so nothing inside an allowed value is tokenized', () => {
    const text = 'We met ACME Berlin GmbH today';
    const ner = [span('ORGANIZATION', 7, 23, 0.9, 'ner'), span('LOCATION', 12, 18, 0.8, 'ner')];
    expect(values(text, analyzeText(text, settings({ allow_list: ['acme berlin gmbh'] }), ner))).toEqual([]);
    expect(values(text, analyzeText(text, settings({ allow_list: ['berlin'] }), ner))).toEqual([
      ['ORGANIZATION', 'ACME Berlin GmbH'],
    ]);
  });

  it('drops NER spans outside the text and passes phone regions on', () => {
    const text = 'Chiamami al 333 123 4567';
    const ner = [span('PERSON', 20, 40, 0.9, 'ner'), span('PERSON', 5, 5, 0.9, 'ner')];
    expect(
      values(text, analyzeText(text, DEFAULT_DETECTION_SETTINGS, ner, { phoneRegions: ['DE'] })),
    ).toEqual([]);
    expect(
      values(text, analyzeText(text, DEFAULT_DETECTION_SETTINGS, ner, { phoneRegions: ['IT'] })),
    ).toEqual([['PHONE_NUMBER', '333 123 4567']]);
  });

  it('handles 200,000 characters with token text throughout', () => {
    const unit = 'Contact [NAME: ab12cd34] at jane@example.com or [PHONE: zz99yy00]. ';
    const text = unit.repeat(Math.ceil(200_000 / unit.length));
    const spans = analyzeText(text, DEFAULT_DETECTION_SETTINGS, []);
    expect(spans).toHaveLength(Math.ceil(200_000 / unit.length));
    expect(spans.every((s) => text.slice(s.start, s.end) === 'jane@example.com')).toBe(true);
  });
});
