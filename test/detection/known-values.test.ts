import { describe, expect, it } from 'vitest';
import { withKnownValues, type KnownValue } from '../../src/detection/known-values.js';
import { DEFAULT_DETECTION_SETTINGS, type DetectionSettings, type Span } from '../../src/detection/types.js';

const person = (value: string): KnownValue => ({ entity_type: 'PERSON', label: 'NAME', value });
const settings = DEFAULT_DETECTION_SETTINGS;

/** The values the spans cover, with their source. */
const found = (text: string, spans: Span[]) => spans.map((s) => [text.slice(s.start, s.end), s.source]);

describe('withKnownValues', () => {
  it('finds a known value wherever it recurs, as whole words only, at the start and end of the text too', () => {
    const text = 'Ilse Vandenberghe said hi; the Ilse Vandenberghe ticket is for Ilse Vandenberghe';
    const spans = withKnownValues(text, [], [person('Ilse Vandenberghe')], settings);
    expect(found(text, spans)).toEqual([
      ['Ilse Vandenberghe', 'known'],
      ['Ilse Vandenberghe', 'known'],
      ['Ilse Vandenberghe', 'known'],
    ]);
    expect(spans.map((s) => [s.entity_type, s.label, s.score])).toEqual(
      Array.from({ length: 3 }, () => ['PERSON', 'NAME', 1]),
    );
  });

  it('never matches inside a longer word, in any script', () => {
    const text = 'Annabel, Johanna, Anna_b, 2Anna, Anna2, ÄAnna, Annaé, and Anna.';
    const spans = withKnownValues(text, [], [person('Anna')], settings);
    expect(spans.map((s) => s.start)).toEqual([text.lastIndexOf('Anna')]);
    // Punctuation and symbols next to the value are boundaries; so is an emoji (a surrogate pair).
    const edges = '(Anna) "Anna" 😀Anna😀 Anna-Maria';
    expect(found(edges, withKnownValues(edges, [], [person('Anna')], settings))).toHaveLength(4);
  });

  it('finds values that start with a symbol or hold punctuation and spaces', () => {
    const text = 'Call +49 30 901820 or ask Anna-Maria O’Neill (Anna-Maria O’Neill) at +49 30 901820.';
    const known: KnownValue[] = [
      { entity_type: 'PHONE_NUMBER', label: 'PHONE', value: '+49 30 901820' },
      person('Anna-Maria O’Neill'),
    ];
    expect(found(text, withKnownValues(text, [], known, settings))).toEqual([
      ['+49 30 901820', 'known'],
      ['Anna-Maria O’Neill', 'known'],
      ['Anna-Maria O’Neill', 'known'],
      ['+49 30 901820', 'known'],
    ]);
  });

  it('matches case and spelling exactly', () => {
    const text = 'anna berg and ANNA BERG and Anna  Berg';
    expect(withKnownValues(text, [], [person('Anna Berg')], settings)).toEqual([]);
  });

  it('fills gaps only: a detected span is never split, widened or replaced', () => {
    const text = 'Dr. Anna Berg-Olsen met Anna Berg.';
    const detected: Span = {
      entity_type: 'PERSON',
      label: 'NAME',
      start: 4,
      end: 19,
      score: 0.8,
      source: 'ner',
    };
    const spans = withKnownValues(text, [detected], [person('Anna Berg')], settings);
    expect(found(text, spans)).toEqual([
      ['Anna Berg-Olsen', 'ner'],
      ['Anna Berg', 'known'],
    ]);
  });

  it('takes the longest known value first, and a shorter one only where the longer is not', () => {
    const text = 'Anna Berg called; Anna will call back.';
    const spans = withKnownValues(text, [], [person('Anna'), person('Anna Berg')], settings);
    expect(found(text, spans)).toEqual([
      ['Anna Berg', 'known'],
      ['Anna', 'known'],
    ]);
  });

  it('skips existing token text, disabled types, allow-listed and one-character values', () => {
    const text = 'Send [NAME: k3j9x2m4] to Ann; ACME and x are fine; bob@example.com';
    const known: KnownValue[] = [
      person('NAME'),
      person('k3j9x2m4'),
      person('Ann'),
      person('x'),
      { entity_type: 'ORGANIZATION', label: 'ORG', value: 'ACME' },
      { entity_type: 'EMAIL_ADDRESS', label: 'EMAIL', value: 'bob@example.com' },
    ];
    const tenant: DetectionSettings = {
      ...settings,
      entities: settings.entities.filter((e) => e !== 'ORGANIZATION'),
      allow_list: [' ann '],
    };
    expect(found(text, withKnownValues(text, [], known, tenant))).toEqual([['bob@example.com', 'known']]);
  });

  it('keeps a tenant deny pattern label on while the pattern is set', () => {
    const text = 'Project BLUEFALCON starts';
    const known: KnownValue[] = [{ entity_type: 'PROJECT', label: 'PROJECT', value: 'BLUEFALCON' }];
    expect(withKnownValues(text, [], known, settings)).toEqual([]);
    const withPattern: DetectionSettings = {
      ...settings,
      deny_patterns: [{ label: 'PROJECT', pattern: 'PRJ-\\d+', score: 0.9 }],
    };
    expect(found(text, withKnownValues(text, [], known, withPattern))).toEqual([['BLUEFALCON', 'known']]);
  });

  it('returns the detected spans untouched with no known values, an empty text or no match', () => {
    const detected: Span[] = [
      { entity_type: 'PERSON', label: 'NAME', start: 0, end: 4, score: 0.9, source: 'ner' },
    ];
    expect(withKnownValues('Anna', detected, [], settings)).toBe(detected);
    expect(withKnownValues('', [], [person('Anna')], settings)).toEqual([]);
    expect(withKnownValues('Anna', detected, [person('Bert')], settings)).toBe(detected);
  });

  it('keeps spans sorted and apart when known values sit between detected ones in a long text', () => {
    const unit = 'Mail bob@example.com about Ilse Vandenberghe. ';
    const text = unit.repeat(2_000);
    const detected: Span[] = [];
    for (let at = text.indexOf('bob@'); at >= 0; at = text.indexOf('bob@', at + 1))
      detected.push({
        entity_type: 'EMAIL_ADDRESS',
        label: 'EMAIL',
        start: at,
        end: at + 15,
        score: 1,
        source: 'pattern',
      });
    const spans = withKnownValues(text, detected, [person('Ilse Vandenberghe')], settings);
    expect(spans).toHaveLength(4_000);
    spans.slice(1).forEach((s, i) => expect(s.start).toBeGreaterThanOrEqual(spans[i]!.end));
  });
});
