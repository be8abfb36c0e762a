import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { unknownFeatures } from './features.js';
import type { Vocabulary } from './features.js';
import type { Gazetteers } from './gazetteer.js';
import { loadGazetteers } from './gazetteer.js';
import type { CrfParameters } from './viterbi.js';
import { crfParameters } from './viterbi.js';
import { compactWordIndex } from './word-index.js';

/** The shipped model, relative to the repository root (the working directory of the service and scripts). */
export const DEFAULT_MODEL_DIR = 'models/pii-ner-v11';

/**
 * A model directory: config.json, vocab.json, crf.json, gazetteers/*.txt, model.onnx and, for a model
 * with a pretrained_ids input, pretrained-words.txt. Any
 * directory with this layout whose features this runtime computes (features.ts) can replace the
 * shipped model; the features are computed by name, in the order config.json lists them.
 */
const ConfigSchema = z.object({
  name: z.string().min(1),
  labels: z.array(z.string().regex(/^(O|[BI]-[A-Z_]+)$/)).min(1),
  entityTypes: z.array(z.string().min(1)),
  features: z.array(z.string()),
  maxCharsPerToken: z.number().int().positive(),
  maxTokensPerWindow: z.number().int().positive(),
  inputs: z.union([
    z.tuple([z.literal('word_ids'), z.literal('char_ids'), z.literal('features'), z.literal('lengths')]),
    z.tuple([
      z.literal('word_ids'),
      z.literal('char_ids'),
      z.literal('features'),
      z.literal('lengths'),
      z.literal('pretrained_ids'),
    ]),
  ]),
  output: z.string().min(1),
  /**
   * Subtracted from the O label's emission before decoding: a decoding-time recall/precision knob,
   * tuned on validation data and recorded with the model.
   */
  outsideBias: z.number().min(0).max(10).default(0),
});

const VocabSchema = z.object({
  words: z.array(z.string()),
  chars: z.array(z.string()),
  wordBuckets: z.number().int().positive(),
  maxCharsPerToken: z.number().int().positive(),
});

const CrfSchema = z.object({
  labels: z.array(z.string()),
  start: z.array(z.number()),
  end: z.array(z.number()),
  transitions: z.array(z.array(z.number())),
});

export type ModelConfig = z.infer<typeof ConfigSchema>;

export interface ModelFiles {
  config: ModelConfig;
  vocabulary: Vocabulary;
  gazetteers: Gazetteers;
  crf: CrfParameters;
  onnxPath: string;
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

/**
 * pretrained-words.txt: the words with a frozen pretrained vector in model.onnx, one per line; line i
 * is row i + 2 of the `pretrained_ids` input (0 and 1: padding and unknown).
 */
export const PRETRAINED_WORDS_FILE = 'pretrained-words.txt';

async function readPretrainedWords(dir: string, name: string) {
  try {
    return compactWordIndex(await readFile(join(dir, PRETRAINED_WORDS_FILE), 'utf8'), 2);
  } catch (error) {
    throw new Error(`model ${name} has a pretrained_ids input but no usable ${PRETRAINED_WORDS_FILE}`, {
      cause: error,
    });
  }
}

export async function readModelFiles(dir: string): Promise<ModelFiles> {
  const config = ConfigSchema.parse(await readJson(join(dir, 'config.json')));
  const vocab = VocabSchema.parse(await readJson(join(dir, 'vocab.json')));
  const crf = CrfSchema.parse(await readJson(join(dir, 'crf.json')));
  const unknown = unknownFeatures(config.features);
  if (unknown.length > 0) {
    throw new Error(
      `model ${config.name} needs token features this runtime does not compute: ${unknown.join(', ')}`,
    );
  }
  if (
    crf.labels.join(',') !== config.labels.join(',') ||
    vocab.maxCharsPerToken !== config.maxCharsPerToken
  ) {
    throw new Error(`model ${config.name}: crf.json, vocab.json and config.json disagree`);
  }
  const usesPretrained = (config.inputs as readonly string[]).includes('pretrained_ids');
  const pretrained = usesPretrained ? await readPretrainedWords(dir, config.name) : undefined;
  return {
    config,
    vocabulary: {
      words: compactWordIndex(vocab.words.join('\n'), 2),
      wordBuckets: vocab.wordBuckets,
      chars: new Map(vocab.chars.map((char, i) => [char, i + 2])),
      maxCharsPerToken: vocab.maxCharsPerToken,
      ...(pretrained ? { pretrained } : {}),
    },
    gazetteers: await loadGazetteers(dir, { commonWords: config.features.includes('common_word') }),
    crf: crfParameters(crf.start, crf.end, crf.transitions),
    onnxPath: join(dir, 'model.onnx'),
  };
}
