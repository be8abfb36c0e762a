/**
 * Builds the training set: labelled corpora + synthetic chat prompts, tokenized with our tokenizer,
 * encoded with our features, written as JSONL to models/ner/work/<model name>/ (one folder per model, so
 * two trainings can run side by side). Also writes the vocabulary and the shipped
 * gazetteers (`gazetteer-lists.ts`) into the model directory, because the runtime needs those to rebuild the inputs.
 *
 *   npx tsx models/ner/build-data.ts <model-dir>
 */
import { mkdirSync, writeFileSync, createWriteStream } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { FEATURE_NAMES, encodeTokens, vocabularyKey } from '../../src/detection/ner/features.js';
import type { Vocabulary } from '../../src/detection/ner/features.js';
import { PRETRAINED_WORDS_FILE } from '../../src/detection/ner/model-files.js';
import { compactWordIndex } from '../../src/detection/ner/word-index.js';
import type { Gazetteers } from '../../src/detection/ner/gazetteer.js';
import { tokenize } from '../../src/detection/ner/tokenizer.js';
import type { LabelledText } from './corpora.js';
import { EUROPEANA_FILES, readBtc, readEuropeana, readWnut } from './corpora.js';
import { LABELS, bioLabels } from './labelling.js';
import { generateCorpus } from './synthetic/generate.js';
import { LANGUAGES, buildLexicon } from './synthetic/lexicon.js';
import { createRandom } from './synthetic/random.js';
import { TRAINING_HARD_NEGATIVES, TRAINING_TEMPLATES } from './synthetic/training-templates.js';
import { substituteEntities } from './augment.js';
import { commonWords } from './common-words.js';
import { MIN_BIRTHS } from './name-lists.js';
import {
  addableEntries,
  gazetteerEntries,
  gazetteerSets,
  shippedListsFor,
  writeGazetteerFiles,
} from './gazetteer-lists.js';
import { PRETRAINED_SOURCE, writePretrainedVectors } from './pretrained.js';

export const SEED = 20240611;
/**
 * The features the model is trained with: the 17 of pii-ner-v3 and v5 by default. `NER_COMMON_WORDS=1` adds
 * common_word (Hunspell stems, `common-words.ts`), as pii-ner-v4 was trained on 2026-11-22; it did
 * not beat v3 (docs/detection.md), so the shipped model and this default stay without it.
 */
const TRAINED_FEATURES =
  process.env.NER_COMMON_WORDS === '1' ? FEATURE_NAMES : FEATURE_NAMES.filter((f) => f !== 'common_word');
const SYNTHETIC_TRAIN = 64_000;
const SYNTHETIC_VALID = 1_500;
const WORD_BUCKETS = 2048;
const MAX_CHARS_PER_TOKEN = 16;
const MAX_VOCABULARY = 40_000;
/** `NER_EXTRA_NAMES=1`: larger first-name and surname gazetteers (`name-lists.ts`), the pii-ner-v5 recipe. */
const EXTRA_NAMES = process.env.NER_EXTRA_NAMES === '1';
/** `NER_PRETRAINED=1`: frozen GloVe vectors as a second word input (`pretrained.ts`), the pii-ner-v6 recipe. */
const PRETRAINED = process.env.NER_PRETRAINED === '1';
// Training rows see the lists the runtime ships (held-out names included) instead of the training half's.
const SHIPPED_FEATURES = process.env.NER_SHIPPED_FEATURES === '1';

function buildVocabulary(texts: readonly LabelledText[]): Vocabulary & { words: Map<string, number> } {
  const wordCounts = new Map<string, number>();
  const charCounts = new Map<string, number>();
  for (const { text } of texts) {
    for (const token of tokenize(text)) {
      const key = vocabularyKey(token.text);
      wordCounts.set(key, (wordCounts.get(key) ?? 0) + 1);
      for (const char of token.text) charCounts.set(char, (charCounts.get(char) ?? 0) + 1);
    }
  }
  const frequent = (counts: Map<string, number>, min: number, max: number) =>
    [...counts.entries()]
      .filter(([, count]) => count >= min)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, max)
      .map(([key], i) => [key, i + 2] as const);
  return {
    words: new Map(frequent(wordCounts, 2, MAX_VOCABULARY)),
    wordBuckets: WORD_BUCKETS,
    chars: new Map(frequent(charCounts, 3, 2000)),
    maxCharsPerToken: MAX_CHARS_PER_TOKEN,
  };
}

async function writeRows(
  path: string,
  texts: readonly LabelledText[],
  vocab: Vocabulary,
  gazetteers: Gazetteers,
): Promise<number> {
  const out = createWriteStream(path);
  let tokenCount = 0;
  for (const { text, spans } of texts) {
    const tokens = tokenize(text);
    if (tokens.length === 0) continue;
    const encoded = encodeTokens(text, tokens, vocab, gazetteers, TRAINED_FEATURES);
    tokenCount += tokens.length;
    const chars = vocab.maxCharsPerToken;
    const row = {
      w: Array.from(encoded.wordIds),
      h: Array.from(encoded.bucketIds),
      c: tokens.map((_, i) => Array.from(encoded.charIds.subarray(i * chars, (i + 1) * chars))),
      f: tokens.map((_, i) =>
        encoded.features
          .subarray(i * TRAINED_FEATURES.length, (i + 1) * TRAINED_FEATURES.length)
          .reduce((mask, bit, k) => mask | (bit << k), 0),
      ),
      y: bioLabels(tokens, spans),
      ...(vocab.pretrained ? { p: Array.from(encoded.pretrainedIds) } : {}),
    };
    if (!out.write(JSON.stringify(row) + '\n'))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return tokenCount;
}

/** Long corpus sentences are cut to this many characters at a space, to keep training batches small. */
function capLength(texts: LabelledText[], maxChars = 400): LabelledText[] {
  return texts.map(({ text, spans }) => {
    if (text.length <= maxChars) return { text, spans };
    const cut = text.lastIndexOf(' ', maxChars);
    const end = cut > 0 ? cut : maxChars;
    return { text: text.slice(0, end), spans: spans.filter((s) => s.end <= end) };
  });
}

async function main(): Promise<void> {
  const modelDir = process.argv[2];
  if (!modelDir) throw new Error('usage: build-data.ts <model-dir>');
  const workDir = join(import.meta.dirname, 'work', basename(resolve(modelDir)));
  mkdirSync(workDir, { recursive: true });
  mkdirSync(modelDir, { recursive: true });

  const lexicon = buildLexicon('train');
  const random = createRandom(SEED);
  const synthetic = generateCorpus(lexicon, random, {
    templates: TRAINING_TEMPLATES,
    hardNegatives: TRAINING_HARD_NEGATIVES,
    count: SYNTHETIC_TRAIN + SYNTHETIC_VALID,
    multiSentence: 0.3,
    caseVariants: true,
    joinAdjacentNames: true,
  });
  const btc = readBtc('train');
  const wnut = readWnut('wnut17train.conll');
  // Every second Europeana passage: historical OCR text helps German and French casing, but should not outweigh chat text.
  const europeana = EUROPEANA_FILES.map((file) => ({
    language: file.startsWith('enp_FR') ? ('fr' as const) : ('de' as const),
    texts: readEuropeana(file).filter((_, i) => i % 2 === 0),
  }));
  const corpora = capLength([...btc, ...wnut, ...europeana.flatMap((e) => e.texts)]);
  const substituted = capLength([
    ...substituteEntities([...btc, ...wnut], lexicon, random, { language: 'en', copies: 3 }),
    ...europeana.flatMap(({ language, texts }) =>
      substituteEntities(texts, lexicon, random, { language, copies: 1 }),
    ),
  ]);
  const train = [...synthetic.slice(0, SYNTHETIC_TRAIN), ...corpora, ...substituted];
  // Validation (model selection only): BTC dev, WNUT-17 dev and unseen synthetic prompts. Never UNER, BTC test or WNUT test.
  const valid = capLength([
    ...synthetic.slice(SYNTHETIC_TRAIN),
    ...readBtc('dev'),
    ...readWnut('emerging.dev.conll'),
  ]);

  const common = TRAINED_FEATURES.includes('common_word') ? commonWords() : undefined;
  // Training rows see the training half's lists unless SHIPPED_FEATURES; the model directory gets the shipped lists.
  const trainingLists = gazetteerEntries(lexicon, 'train', EXTRA_NAMES);
  const shippedLists = shippedListsFor(trainingLists, addableEntries(EXTRA_NAMES));
  const gazetteers = gazetteerSets(SHIPPED_FEATURES ? shippedLists : trainingLists, common);
  writeGazetteerFiles(modelDir, shippedLists, common);
  const pretrained = PRETRAINED ? writePretrainedVectors(join(workDir, 'pretrained.f32')) : undefined;
  const pretrainedLines = pretrained ? pretrained.words.join('\n') + '\n' : undefined;
  const vocab = {
    ...buildVocabulary(train),
    // The same file and lookup the runtime reads (model-files.ts), so ids match by construction.
    ...(pretrainedLines ? { pretrained: compactWordIndex(pretrainedLines, 2) } : {}),
  };
  writeFileSync(
    join(modelDir, 'vocab.json'),
    JSON.stringify({
      words: [...vocab.words.keys()],
      chars: [...vocab.chars.keys()],
      wordBuckets: vocab.wordBuckets,
      maxCharsPerToken: vocab.maxCharsPerToken,
    }),
  );
  if (pretrainedLines) writeFileSync(join(modelDir, PRETRAINED_WORDS_FILE), pretrainedLines);
  const trainTokens = await writeRows(join(workDir, 'train.jsonl'), train, vocab, gazetteers);
  const validTokens = await writeRows(join(workDir, 'valid.jsonl'), valid, vocab, gazetteers);
  const meta = {
    labels: LABELS,
    features: TRAINED_FEATURES,
    wordVocabularySize: vocab.words.size + 2 + vocab.wordBuckets,
    charVocabularySize: vocab.chars.size + 2,
    maxCharsPerToken: vocab.maxCharsPerToken,
    ...(pretrained
      ? {
          pretrained: {
            source: PRETRAINED_SOURCE,
            file: 'pretrained.f32',
            words: pretrained.words.length,
            dimensions: pretrained.dimensions,
          },
        }
      : {}),
    seed: SEED,
    languages: LANGUAGES,
    data: {
      syntheticTrainTexts: SYNTHETIC_TRAIN,
      corpusTrainTexts: corpora.length,
      substitutedTrainTexts: substituted.length,
      trainTokens,
      validTexts: valid.length,
      validTokens,
      ...(common ? { commonWords: common.length } : {}),
      ...(EXTRA_NAMES ? { extraNames: true, minBirths: MIN_BIRTHS } : {}),
      ...(pretrained ? { pretrainedWords: pretrained.words.length } : {}),
    },
  };
  writeFileSync(join(workDir, 'meta.json'), JSON.stringify(meta, null, 2));
  console.log(JSON.stringify(meta.data));
}

await main();
