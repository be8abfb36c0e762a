import { describe, expect, it } from 'vitest';
import { withKnownValues } from '../../src/detection/known-values.js';
import { repeatedNames } from '../../src/detection/repeated-names.js';
import { DEFAULT_DETECTION_SETTINGS, type Span } from '../../src/detection/types.js';

function span(text: string, value: string, type = 'PERSON', source: Span['source'] = 'ner'): Span {
  const start = text.indexOf(value);
  const label = type === 'PERSON' ? 'NAME' : type;
  return { entity_type: type, label, start, end: start + value.length, score: 0.8, source };
}

const found = (text: string, spans: readonly Span[]) =>
  spans.map((s) => `${s.entity_type}:${text.slice(s.start, s.end)}:${s.source}`);

describe('repeatedNames', () => {
  it('offers a found name and the capitalised words of a longer name', () => {
    const text = 'Jana Wolff called; Wolff will send it.';
    expect(repeatedNames(text, [span(text, 'Jana Wolff')]).map((k) => k.value)).toEqual([
      'Jana Wolff',
      'Jana',
      'Wolff',
    ]);
  });

  it('skips initials, particles, short words, other types and spans not from the model', () => {
    const text = 'J. van Berg and Li Na at Acme; Oddny said hi';
    const spans = [
      span(text, 'J. van Berg'),
      span(text, 'Li Na'),
      span(text, 'Acme', 'ORGANIZATION'),
      span(text, 'Oddny', 'PERSON', 'known'),
    ];
    expect(repeatedNames(text, spans).map((k) => k.value)).toEqual(['J. van Berg', 'Berg', 'Li Na']);
  });

  it('with withKnownValues, finds the later mentions the model missed, as whole words only', () => {
    const text = 'Mamadou Cissé and Léa came. Mamadou relance Sofitex; Cissé too, not Cisséville.';
    const spans = [span(text, 'Mamadou Cissé')];
    const result = withKnownValues(text, spans, repeatedNames(text, spans), DEFAULT_DETECTION_SETTINGS);
    expect(found(text, result)).toEqual([
      'PERSON:Mamadou Cissé:ner',
      'PERSON:Mamadou:known',
      'PERSON:Cissé:known',
    ]);
  });

  it('returns nothing for a text without people', () => {
    expect(repeatedNames('', [])).toEqual([]);
    const text = 'Acme GmbH, Berlin';
    expect(
      repeatedNames(text, [span(text, 'Acme GmbH', 'ORGANIZATION'), span(text, 'Berlin', 'LOCATION')]),
    ).toEqual([]);
  });
});
