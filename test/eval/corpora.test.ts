import { NER_DATA_DIR } from '../../models/ner/corpora.js';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  parseConll,
  parsePiiChatJsonl,
  parsePresidioSynth,
  sentenceToExample,
} from '../../models/eval/corpora.js';
import type { EvalExample } from '../../models/eval/example.js';
import { DEV_SETS, EVAL_SETS, findEvalSet } from '../../models/eval/sets.js';

const PER_LOC = { PER: 'PERSON', LOC: 'LOCATION' };
const DATA_DIR = NER_DATA_DIR;

const valuesOf = (example: EvalExample, spans = example.gold): string[] =>
  spans.map((s) => `${s.type}:${example.text.slice(s.start, s.end)}`);

describe('sentenceToExample', () => {
  it('joins tokens with single spaces and turns IOB2 tags into character spans', () => {
    const example = sentenceToExample(
      's1',
      ['Anna', 'Berg', 'flew', 'to', 'New', 'York', '.'],
      ['B-PER', 'I-PER', 'O', 'O', 'B-LOC', 'I-LOC', 'O'],
      PER_LOC,
    );
    expect(example.text).toBe('Anna Berg flew to New York .');
    expect(valuesOf(example)).toEqual(['PERSON:Anna Berg', 'LOCATION:New York']);
    expect(example.ignored).toEqual([]);
  });

  it('starts a new entity on B- and on an I- that does not continue the open label', () => {
    const example = sentenceToExample(
      's2',
      ['Ann', 'Bob', 'Rome', 'Paris'],
      ['B-PER', 'B-PER', 'I-LOC', 'I-LOC'],
      PER_LOC,
    );
    expect(valuesOf(example)).toEqual(['PERSON:Ann', 'PERSON:Bob', 'LOCATION:Rome Paris']);
  });

  it('keeps unmapped labels as ignored spans', () => {
    const example = sentenceToExample('s3', ['the', 'Beatles', 'rock'], ['O', 'B-group', 'O'], PER_LOC);
    expect(example.gold).toEqual([]);
    expect(valuesOf(example, example.ignored)).toEqual(['group:Beatles']);
  });

  it('rejects tags it does not understand, naming the token position', () => {
    expect(() => sentenceToExample('s4', ['x'], ['U-PER'], PER_LOC)).toThrow(
      's4: token 1 has an unknown tag',
    );
  });
});

describe('parseConll', () => {
  it('skips comment lines only when the format has them', () => {
    const uner =
      '# sent_id = a\n# text = Hi Bob\n1\tHi\tO\t-\t-\n2\tBob\tB-PER\t-\t-\n\n# sent_id = b\n1\tOk\tO\t-\t-\n';
    const examples = parseConll(
      uner,
      { tokenColumn: 1, tagColumn: 2, hasCommentLines: true, labelMap: PER_LOC },
      'u',
    );
    expect(examples.map((e) => e.text)).toEqual(['Hi Bob', 'Ok']);
    expect(examples.map((e) => e.id)).toEqual(['u-1', 'u-2']);
    expect(valuesOf(examples[0] as EvalExample)).toEqual(['PERSON:Bob']);

    const tweets = '#\tO\nlove\tO\nParis\tB-LOC\n \n#win\tO\n';
    const parsed = parseConll(
      tweets,
      { tokenColumn: 0, tagColumn: 1, hasCommentLines: false, labelMap: PER_LOC },
      't',
    );
    expect(parsed.map((e) => e.text)).toEqual(['# love Paris', '#win']);
  });

  it('names the line of a malformed row', () => {
    expect(() =>
      parseConll(
        'ok\tO\nbroken\n',
        { tokenColumn: 0, tagColumn: 1, hasCommentLines: false, labelMap: PER_LOC },
        'c',
      ),
    ).toThrow('c: line 2 has 1 columns');
  });
});

describe('parsePresidioSynth', () => {
  const record = {
    full_text: 'Mr. Ivo Lutz lives in Oslo since 2019',
    masked: '',
    spans: [
      { entity_type: 'GPE', entity_value: 'Oslo', start_position: 22, end_position: 26 },
      { entity_type: 'PERSON', entity_value: 'Ivo Lutz', start_position: 4, end_position: 12 },
      { entity_type: 'TITLE', entity_value: 'Mr.', start_position: 0, end_position: 3 },
    ],
    template_id: 1,
    metadata: null,
  };

  it('maps labels, sorts gold spans and keeps unmapped labels as ignored', () => {
    const [example] = parsePresidioSynth(JSON.stringify([record]), { PERSON: 'PERSON', GPE: 'LOCATION' });
    expect(example?.id).toBe('presidio-1');
    expect(valuesOf(example as EvalExample)).toEqual(['PERSON:Ivo Lutz', 'LOCATION:Oslo']);
    expect(example?.ignored).toEqual([{ type: 'TITLE', start: 0, end: 3 }]);
  });

  it('refuses offsets that do not match the entity value, without printing the value', () => {
    const broken = {
      ...record,
      spans: [{ entity_type: 'PERSON', entity_value: 'Ivo Lutz', start_position: 3, end_position: 11 }],
    };
    expect(() => parsePresidioSynth(JSON.stringify([broken]), { PERSON: 'PERSON' })).toThrow(
      /^presidio-1: span 1 offsets do not match its entity_value$/,
    );
  });
});

describe('parsePiiChatJsonl', () => {
  it('parses lines and skips blank ones', () => {
    const line = { id: 'en-1', lang: 'en', text: 'hi Bo', entities: [{ type: 'PERSON', start: 3, end: 5 }] };
    expect(parsePiiChatJsonl(`${JSON.stringify(line)}\n\n`, 'x.jsonl')).toEqual([line]);
  });

  it('names the file, line and field of a bad line without quoting the text', () => {
    const bad = JSON.stringify({ id: 'de-1', lang: 'nl', text: 'secret name', entities: [] });
    expect(() => parsePiiChatJsonl(`${bad}\n`, 'de.jsonl')).toThrow(/^de\.jsonl:1: lang /);
    expect(() =>
      parsePiiChatJsonl('{"id": "x", "lang": "en", "text": "Jo Li", "entities": [], "extra": 1}', 'f'),
    ).toThrow(/^f:1: /);
    expect(() => parsePiiChatJsonl('{nope', 'g.jsonl')).toThrow('g.jsonl:1: not valid JSON');
    try {
      parsePiiChatJsonl(`${bad}\n`, 'de.jsonl');
    } catch (error) {
      expect(String(error)).not.toContain('secret name');
    }
  });
});

describe('the real corpora', () => {
  it('reads every data set, with gold text that matches the source tags', async () => {
    const expectedTexts: Record<string, number> = {
      'uner-ewt-dev': 2001,
      'wnut17-test': 1287,
      'presidio-synth': 1500,
    };
    for (const set of EVAL_SETS) {
      const loaded = await set.load(DATA_DIR);
      expect(loaded.examples.length).toBeGreaterThan(300);
      const expected = expectedTexts[set.name];
      if (expected !== undefined) expect(loaded.examples.length).toBe(expected);
      for (const example of loaded.examples) {
        for (const span of [...example.gold, ...example.ignored]) {
          expect(span.start).toBeGreaterThanOrEqual(0);
          expect(span.end).toBeLessThanOrEqual(example.text.length);
          expect(span.start).toBeLessThan(span.end);
          expect(example.text[span.start]).not.toBe(' ');
        }
        for (const span of example.gold) expect(set.scoredTypes).toContain(span.type);
      }
    }
  });

  it('finds as many entities in the token corpora as there are B- tags', async () => {
    const files: Record<string, string> = {
      'uner-ewt-dev': 'uner-ewt/en_ewt-ud-dev.iob2',
      'btc-test': 'btc/btc.test',
      'wnut17-test': 'wnut17/emerging.test.annotated',
    };
    for (const [name, file] of Object.entries(files)) {
      const raw = await readFile(`${DATA_DIR}/${file}`, 'utf8');
      // UNER comment lines start with "#"; in the tweet corpora such a line is a hashtag token.
      const isComment = (line: string): boolean => name === 'uner-ewt-dev' && line.startsWith('#');
      const beginTags = raw.split('\n').filter((line) => /\tB-\S+/.test(line) && !isComment(line)).length;
      const loaded = await findEvalSet(name)?.load(DATA_DIR);
      const spans = loaded?.examples.reduce((sum, e) => sum + e.gold.length + e.ignored.length, 0);
      // An I- tag after O opens an entity too, so spans can only exceed the B- count.
      expect(spans).toBeGreaterThanOrEqual(beginTags);
      expect(spans).toBeLessThan(beginTags * 1.02);
    }
  });

  it('keeps the development sets apart: named only, each text labelled or clean, synthetic per language', async () => {
    const evalNames = new Set(EVAL_SETS.map((set) => set.name));
    for (const set of DEV_SETS) {
      expect(evalNames.has(set.name)).toBe(false);
      expect(findEvalSet(set.name)).toBe(set);
      const loaded = await set.load(DATA_DIR);
      // The hand-written ones are smaller than the generated and corpus ones.
      const minimum =
        {
          'pii-chat-dev': 200,
          'pii-chat-blind-dev': 90,
          'pii-chat-blind2-dev': 110,
          'pii-chat-blind3-dev': 190,
          'web-blind-dev': 140,
        }[set.name] ?? 300;
      expect(loaded.examples.length).toBeGreaterThan(minimum);
      expect(loaded.clean.length).toBeGreaterThan(50);
      for (const example of loaded.examples)
        expect(example.gold.length + example.ignored.length).toBeGreaterThan(0);
      for (const example of loaded.clean) expect(example.gold.length + example.ignored.length).toBe(0);
    }
    const synthetic = await findEvalSet('synthetic-dev')!.load(DATA_DIR);
    const languages = new Set(synthetic.examples.map((example) => example.lang));
    expect([...languages].sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
    const address = await findEvalSet('address-dev')!.load(DATA_DIR);
    expect(new Set(address.examples.map((example) => example.lang))).toEqual(
      new Set(['de', 'en', 'es', 'fr', 'it']),
    );
    const world = await findEvalSet('address-world-dev')!.load(DATA_DIR);
    expect(new Set(world.examples.map((example) => example.lang)).size).toBe(33);
    const loose = await findEvalSet('address-loose-dev')!.load(DATA_DIR);
    expect(new Set(loose.examples.map((example) => example.id.split('-')[3]))).toEqual(
      new Set(['en_US', 'en_CA', 'en_GB', 'en_AU']),
    );
    for (const { text, gold } of [...address.examples, ...world.examples, ...loose.examples]) {
      expect(gold).toHaveLength(1);
      expect(gold[0]!.end).toBeGreaterThan(gold[0]!.start);
      expect(text.slice(gold[0]!.start, gold[0]!.end).trim()).toBe(text.slice(gold[0]!.start, gold[0]!.end));
    }
    // Generated from a fixed seed: the same texts every time.
    expect((await findEvalSet('address-dev')!.load(DATA_DIR)).examples).toEqual(address.examples);
    expect((await findEvalSet('address-world-dev')!.load(DATA_DIR)).examples).toEqual(world.examples);
    expect((await findEvalSet('address-loose-dev')!.load(DATA_DIR)).examples).toEqual(loose.examples);
    const again = await findEvalSet('synthetic-dev')!.load(DATA_DIR);
    expect(again.examples.map((example) => example.text)).toEqual(
      synthetic.examples.map((example) => example.text),
    );
  });
});
