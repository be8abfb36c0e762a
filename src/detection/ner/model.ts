import * as ort from 'onnxruntime-node';
import { LABEL_OF } from '../types.js';
import type { Span } from '../types.js';
import type { EncodedTokens } from './features.js';
import { encodeTokens } from './features.js';
import { endsEntry, normalizeWord, type GazetteerName } from './gazetteer.js';
import type { ModelFiles } from './model-files.js';
import { readModelFiles } from './model-files.js';
import { applySpanRules, isPersonNameIn, spanRules } from './span-rules.js';
import { decodeSpans } from './spans.js';
import type { Token } from './tokenizer.js';
import { tokenize } from './tokenizer.js';
import { marginals, viterbi } from './viterbi.js';
import { splitWindows } from './windows.js';

export interface NerModel {
  readonly name: string;
  readonly entityTypes: readonly string[];
  tag(texts: readonly string[]): Promise<Span[][]>;
  /** Whether one word is in the model's first-name or surname list (false for a model without them). */
  isPersonName(word: string): boolean;
  close(): Promise<void>;
}

/**
 * Padded token budget of one ONNX run (batch size x longest window): eight full windows. Larger
 * batches were no faster here and each thread's peak memory grows with them (a 2-thread pool under
 * the load of `npm run bench detection`: peak RSS about 770 MiB at 8,192 tokens, 565 MiB at 1,024, at
 * the same throughput; docs/benchmarks.md).
 */
const MAX_BATCH_TOKENS = 1024;
const MAX_BATCH_WINDOWS = 128;

interface Window {
  textIndex: number;
  tokens: readonly Token[];
  encoded: EncodedTokens;
  offset: number;
  length: number;
}

export async function loadNerModel(dir: string, options: { intraOpNumThreads: number }): Promise<NerModel> {
  const files = await readModelFiles(dir);
  const session = await ort.InferenceSession.create(files.onnxPath, {
    intraOpNumThreads: options.intraOpNumThreads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Input shapes change with every batch: a memory pattern per shape, or an arena that keeps the
    // largest batch's buffers, holds memory for nothing (about 20 MiB less peak RSS without them).
    enableCpuMemArena: false,
    enableMemPattern: false,
  });
  const inGazetteer = (name: GazetteerName) => (word: string) =>
    files.gazetteers[name].keys.has(normalizeWord(word));
  const isInPlaces = inGazetteer('places');
  const lookups = {
    isFirstName: inGazetteer('first_names'),
    isSurname: inGazetteer('surnames'),
    isTitle: inGazetteer('titles'),
    isCalendarWord: inGazetteer('calendar_words'),
    // "America" ends "United States of America".
    isPlace: (word: string) => isInPlaces(word) || endsEntry(files.gazetteers.countries, normalizeWord(word)),
  };
  const rules = spanRules(lookups);
  let closed = false;
  return {
    name: files.config.name,
    entityTypes: files.config.entityTypes,
    async tag(texts) {
      if (closed) throw new Error(`NER model ${files.config.name} is closed`);
      const tagged = await tagTexts(session, files, texts);
      return tagged.map((spans, i) => applySpanRules(texts[i]!, spans, rules));
    },
    isPersonName: isPersonNameIn(lookups),
    async close() {
      if (closed) return;
      closed = true;
      await session.release();
    },
  };
}

async function tagTexts(
  session: ort.InferenceSession,
  files: ModelFiles,
  texts: readonly string[],
): Promise<Span[][]> {
  const results: Span[][] = texts.map(() => []);
  const windows: Window[] = [];
  texts.forEach((text, textIndex) => {
    const tokens = tokenize(text);
    if (tokens.length === 0) return;
    const encoded = encodeTokens(text, tokens, files.vocabulary, files.gazetteers, files.config.features);
    for (const window of splitWindows(text, tokens, files.config.maxTokensPerWindow)) {
      windows.push({ textIndex, tokens, encoded, offset: window.first, length: window.end - window.first });
    }
  });
  windows.sort((a, b) => a.length - b.length);
  for (const batch of batchWindows(windows)) {
    const emissions = await runBatch(session, files, batch);
    const labels = files.config.labels;
    const steps = Math.max(...batch.map((w) => w.length));
    batch.forEach((window, b) => {
      const scores = emissions.subarray(
        b * steps * labels.length,
        (b * steps + window.length) * labels.length,
      );
      const outside = labels.indexOf('O');
      if (files.config.outsideBias !== 0 && outside >= 0) {
        for (let t = 0; t < window.length; t++)
          scores[t * labels.length + outside]! -= files.config.outsideBias;
      }
      const path = viterbi(scores, window.length, files.crf);
      const probabilities = marginals(scores, window.length, files.crf);
      const windowTokens = window.tokens.slice(window.offset, window.offset + window.length);
      for (const span of decodeSpans(windowTokens, path, probabilities, labels)) {
        results[window.textIndex]!.push(toSpan(span.entityType, span.start, span.end, span.score));
      }
    });
  }
  for (const spans of results) spans.sort((a, b) => a.start - b.start);
  return results;
}

function* batchWindows(sorted: readonly Window[]): Generator<Window[]> {
  let batch: Window[] = [];
  for (const window of sorted) {
    // Sorted ascending, so the current window is the longest of the batch so far.
    if (
      batch.length > 0 &&
      ((batch.length + 1) * window.length > MAX_BATCH_TOKENS || batch.length >= MAX_BATCH_WINDOWS)
    ) {
      yield batch;
      batch = [];
    }
    batch.push(window);
  }
  if (batch.length > 0) yield batch;
}

async function runBatch(
  session: ort.InferenceSession,
  files: ModelFiles,
  batch: readonly Window[],
): Promise<Float32Array> {
  const steps = Math.max(...batch.map((w) => w.length));
  const chars = files.config.maxCharsPerToken;
  const width = files.config.features.length;
  const wordIds = new BigInt64Array(batch.length * steps);
  const charIds = new BigInt64Array(batch.length * steps * chars);
  const features = new Float32Array(batch.length * steps * width);
  const lengths = new BigInt64Array(batch.length);
  // readModelFiles loads the pretrained word list exactly when the model has a pretrained_ids input.
  const usesPretrained = files.vocabulary.pretrained !== undefined;
  const pretrainedIds = new BigInt64Array(usesPretrained ? batch.length * steps : 0);
  batch.forEach((window, b) => {
    lengths[b] = BigInt(window.length);
    for (let t = 0; t < window.length; t++) {
      const k = window.offset + t;
      const row = b * steps + t;
      wordIds[row] = BigInt(window.encoded.wordIds[k]!);
      if (usesPretrained) pretrainedIds[row] = BigInt(window.encoded.pretrainedIds[k]!);
      for (let c = 0; c < chars; c++)
        charIds[row * chars + c] = BigInt(window.encoded.charIds[k * chars + c]!);
      for (let f = 0; f < width; f++) features[row * width + f] = window.encoded.features[k * width + f]!;
    }
  });
  const output = await session.run({
    word_ids: new ort.Tensor('int64', wordIds, [batch.length, steps]),
    char_ids: new ort.Tensor('int64', charIds, [batch.length, steps, chars]),
    features: new ort.Tensor('float32', features, [batch.length, steps, width]),
    lengths: new ort.Tensor('int64', lengths, [batch.length]),
    ...(usesPretrained
      ? { pretrained_ids: new ort.Tensor('int64', pretrainedIds, [batch.length, steps]) }
      : {}),
  });
  const emissions = output[files.config.output];
  if (!emissions || !(emissions.data instanceof Float32Array))
    throw new Error(`NER model ${files.config.name} returned no emissions`);
  return emissions.data;
}

function toSpan(entityType: string, start: number, end: number, score: number): Span {
  const label = (LABEL_OF as Record<string, string>)[entityType] ?? entityType;
  return {
    entity_type: entityType,
    label,
    start,
    end,
    score: Math.min(1, Math.max(0, score)),
    source: 'ner',
  };
}
