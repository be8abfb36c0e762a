import { basename, join } from 'node:path';
import { Worker, threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NerModel } from '../../../src/detection/ner/index.js';
import { DEFAULT_MODEL_DIR, loadNerModel } from '../../../src/detection/ner/index.js';
import type { Span } from '../../../src/detection/types.js';

const MODEL_DIR = join(import.meta.dirname, '..', '..', '..', DEFAULT_MODEL_DIR);

let model: NerModel;

beforeAll(async () => {
  model = await loadNerModel(MODEL_DIR, { intraOpNumThreads: 1 });
});

afterAll(async () => {
  await model.close();
});

function found(text: string, spans: readonly Span[]): string[] {
  return spans.map((s) => `${s.entity_type}:${text.slice(s.start, s.end)}`);
}

const CASES: { language: string; text: string; expected: string[] }[] = [
  {
    language: 'en',
    text: 'Please email Maria Rossi in Milano about the Acme GmbH contract.',
    expected: ['PERSON:Maria Rossi', 'LOCATION:Milano', 'ORGANIZATION:Acme GmbH'],
  },
  {
    language: 'de',
    text: 'Bitte schreib Herrn Jürgen Müller aus München wegen der Rechnung der Siemens AG.',
    expected: ['PERSON:Jürgen Müller', 'LOCATION:München', 'ORGANIZATION:Siemens AG'],
  },
  {
    language: 'fr',
    text: "Bonjour, je m'appelle Jean-Pierre Dubois, j'habite à Lyon et je travaille chez Renault SA.",
    expected: ['PERSON:Jean-Pierre Dubois', 'LOCATION:Lyon', 'ORGANIZATION:Renault SA'],
  },
  {
    language: 'es',
    text: 'Hola, me llamo Lucía Fernández y vivo en Sevilla; trabajo en Telefónica S.A.',
    expected: ['PERSON:Lucía Fernández', 'LOCATION:Sevilla', 'ORGANIZATION:Telefónica S.A.'],
  },
  {
    language: 'it',
    text: 'Per favore scrivi a Giuseppe Verdi a Torino per il contratto con Ferrero S.p.A.',
    expected: ['PERSON:Giuseppe Verdi', 'LOCATION:Torino', 'ORGANIZATION:Ferrero S.p.A.'],
  },
];

describe('loadNerModel (committed model)', () => {
  it('names itself and its entity types from the model directory', () => {
    expect(model.name).toBe(basename(DEFAULT_MODEL_DIR));
    expect([...model.entityTypes].sort()).toEqual(['LOCATION', 'ORGANIZATION', 'PERSON']);
  });

  for (const { language, text, expected } of CASES) {
    it(`tags people, places and companies in ${language}`, async () => {
      const [spans] = await model.tag([text]);
      expect(found(text, spans!)).toEqual(expected);
    });
  }

  it('answers from its name lists whether a word is a first name or surname, in any case', () => {
    for (const word of ['Klein', 'chelsea', 'MÜLLER', 'Giulia'])
      expect(model.isPersonName(word), word).toBe(true);
    for (const word of ['Table', 'Center', 'ideas', '']) expect(model.isPersonName(word), word).toBe(false);
  });

  it('returns spans in the Span shape with labels, source and scores in [0, 1]', async () => {
    const [spans] = await model.tag([CASES[0]!.text]);
    for (const span of spans!) {
      expect(span.source).toBe('ner');
      expect(span.label).toBe(
        { PERSON: 'NAME', LOCATION: 'LOCATION', ORGANIZATION: 'ORG' }[span.entity_type],
      );
      expect(span.score).toBeGreaterThan(0.5);
      expect(span.score).toBeLessThanOrEqual(1);
    }
  });

  it('does not tag capitalised common words, months and field labels', async () => {
    const text = 'May I ask a question? The Quarterly Report is due in March.\nName:\nEmail:';
    const [spans] = await model.tag([text]);
    expect(found(text, spans!)).toEqual([]);
  });

  it('writes a surname-first form field as one name and leaves code alone', async () => {
    const text = 'NOM, Prénom : HADDAD, Karim\nCode : return sum(lista) / len(lista)';
    const [spans] = await model.tag([text]);
    expect(found(text, spans!)).toEqual(['PERSON:HADDAD, Karim']);
  });

  it('handles empty texts, whitespace and emoji, keeping offsets exact', async () => {
    const texts = ['', '   \n', '👋🏽 hi 😀 thanks Maria Rossi! 🎉', 'No entities here at all.'];
    const results = await model.tag(texts);
    expect(results).toHaveLength(4);
    expect(results[0]).toEqual([]);
    expect(results[1]).toEqual([]);
    expect(found(texts[2]!, results[2]!)).toEqual(['PERSON:Maria Rossi']);
    expect(results[3]).toEqual([]);
  });

  it('tags very long texts in windows with offsets into the whole text', async () => {
    const filler = 'We reviewed the quarterly numbers and agreed on the next steps. '.repeat(300);
    const text = `${filler}Please call Maria Rossi in Milano tomorrow.`;
    const [spans] = await model.tag([text]);
    expect(found(text, spans!)).toEqual(['PERSON:Maria Rossi', 'LOCATION:Milano']);
    expect(spans![0]!.start).toBe(text.indexOf('Maria Rossi'));
  });

  it('tags many texts in one call, each with its own offsets', async () => {
    const texts = Array.from({ length: 150 }, (_, i) =>
      i % 2 === 0 ? `Ticket ${i}: ask Maria Rossi.` : `Ticket ${i}: nothing.`,
    );
    const results = await model.tag(texts);
    results.forEach((spans, i) => {
      expect(found(texts[i]!, spans)).toEqual(i % 2 === 0 ? ['PERSON:Maria Rossi'] : []);
    });
  });

  it('loads and tags independently in several worker threads at once', async () => {
    const texts = [CASES[0]!.text, CASES[4]!.text];
    const [expected] = [await model.tag(texts)];
    const runInThread = () =>
      new Promise<{ threadId: number; spans: Span[][] }>((resolve, reject) => {
        const worker = new Worker(new URL('./fixtures/tag-in-thread.mjs', import.meta.url), {
          workerData: { modelDir: MODEL_DIR, texts },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    const results = await Promise.all([runInThread(), runInThread()]);
    for (const result of results) {
      expect(result.threadId).not.toBe(threadId);
      expect(result.spans).toEqual(expected);
    }
  });

  it('refuses to tag after close', async () => {
    const other = await loadNerModel(MODEL_DIR, { intraOpNumThreads: 1 });
    await other.close();
    await expect(other.tag(['Maria Rossi'])).rejects.toThrow(/closed/);
  });
});
