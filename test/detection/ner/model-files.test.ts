import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readModelFiles } from '../../../src/detection/ner/model-files.js';
import { loadNerModel } from '../../../src/detection/ner/index.js';

const MODELS = join(import.meta.dirname, '..', '..', '..', 'models');
const SHIPPED = join(MODELS, 'pii-ner-v11');

const scratch = mkdtempSync(join(tmpdir(), 'ner-model-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of a model directory with its config.json changed. */
function copyWithConfig(
  from: string,
  name: string,
  change: (config: Record<string, unknown>) => void,
): string {
  const dir = join(scratch, name);
  cpSync(from, dir, { recursive: true });
  const config = JSON.parse(readFileSync(join(from, 'config.json'), 'utf8')) as Record<string, unknown>;
  change(config);
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return dir;
}

describe('readModelFiles', () => {
  it('loads pii-ner-v11 (17 features and pretrained vectors) without the common-word list', async () => {
    const files = await readModelFiles(SHIPPED);
    expect(files.config.features).toHaveLength(17);
    expect(files.config.features).not.toContain('common_word');
    expect(files.gazetteers.common_words).toBeUndefined();
    expect(files.config.inputs).toEqual(['word_ids', 'char_ids', 'features', 'lengths', 'pretrained_ids']);
    expect(files.vocabulary.pretrained?.get('the')).toBe(2);
    expect(files.vocabulary.pretrained?.size).toBe(200_000);
  });

  it('needs pretrained-words.txt when the model has a pretrained_ids input, and ignores it otherwise', async () => {
    const missing = copyWithConfig(SHIPPED, 'no-pretrained-words', (config) => {
      config.name = 'pii-ner-test';
    });
    rmSync(join(missing, 'pretrained-words.txt'));
    await expect(readModelFiles(missing)).rejects.toThrow(
      'model pii-ner-test has a pretrained_ids input but no usable pretrained-words.txt',
    );
    const withoutInput = copyWithConfig(SHIPPED, 'no-pretrained-input', (config) => {
      config.inputs = ['word_ids', 'char_ids', 'features', 'lengths'];
    });
    expect((await readModelFiles(withoutInput)).vocabulary.pretrained).toBeUndefined();
  });

  it('loads the common-word list when the config lists common_word', async () => {
    const dir = copyWithConfig(SHIPPED, 'common-words', (config) => {
      config.features = [...(config.features as string[]), 'common_word'];
    });
    writeFileSync(join(dir, 'gazetteers', 'common_words.txt'), 'report\nmeeting\n');
    const files = await readModelFiles(dir);
    expect(files.config.features).toHaveLength(18);
    expect(files.config.features.at(-1)).toBe('common_word');
    expect(files.gazetteers.common_words!.size).toBe(2);
    expect(['meeting', 'report'].every((w) => files.gazetteers.common_words!.has(w))).toBe(true);
  });

  it('names the features it cannot compute', async () => {
    const dir = copyWithConfig(SHIPPED, 'unknown-feature', (config) => {
      config.name = 'pii-ner-test';
      config.features = [...(config.features as string[]), 'shoe_size'];
    });
    await expect(readModelFiles(dir)).rejects.toThrow(
      'model pii-ner-test needs token features this runtime does not compute: shoe_size',
    );
    await expect(loadNerModel(dir, { intraOpNumThreads: 1 })).rejects.toThrow(/shoe_size/);
  });

  it('fails when the config asks for common_word and the model has no common-word list', async () => {
    const dir = copyWithConfig(SHIPPED, 'no-common-words', (config) => {
      config.features = [...(config.features as string[]), 'common_word'];
    });
    await expect(readModelFiles(dir)).rejects.toThrow(/common_words\.txt/);
  });
});

describe('the runtime computes the features the config lists', () => {
  it('tags with pii-ner-v11', async () => {
    const model = await loadNerModel(SHIPPED, { intraOpNumThreads: 1 });
    try {
      const text = 'Please email Maria Rossi in Milano about the Acme GmbH contract.';
      const [spans] = await model.tag([text]);
      expect(spans!.map((s) => `${s.entity_type}:${text.slice(s.start, s.end)}`)).toContain(
        'PERSON:Maria Rossi',
      );
    } finally {
      await model.close();
    }
  });
});
