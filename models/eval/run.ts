/**
 * Product-level detection evaluation: `npm run eval` (= `npx tsx models/eval/run.ts`).
 * Prints markdown: per data set, precision/recall/F1 per entity type, and more (see --help).
 */
import { NER_DATA_DIR } from '../ner/corpora.js';
import { parseArgs } from 'node:util';
import { createDetectionEngine } from '../../src/detection/engine.js';
import { DEFAULT_MODEL_DIR } from '../../src/detection/ner/index.js';
import { DEFAULT_DETECTION_SETTINGS, type DetectionSettings, type Span } from '../../src/detection/types.js';
import { scoreSet } from './evaluate.js';
import type { EntitySpan, EvalExample } from './example.js';
import { renderSetReport } from './report.js';
import { spreadSample } from './sample.js';
import { DEV_SETS, EVAL_SETS, findEvalSet, type EvalSet } from './sets.js';

const USAGE = `usage: npx tsx models/eval/run.ts [options]

  --model <dir>      model directory (default: the shipped model)
  --set <name>       data set to run, repeatable or comma-separated (default: all)
                     ${EVAL_SETS.map((s) => s.name).join(', ')}
                     development sets, only when named: ${DEV_SETS.map((s) => s.name).join(', ')}
  --data-dir <dir>   where the public corpora live (default ../shared/data/ner beside the repository, or $NER_DATA_DIR)
  --limit <n>        only n labelled (and n clean) texts of each set, evenly spread, for a quick look
  --threads <n>      ONNX intra-op threads (default 2)
  --batch <n>        texts per engine.detect call (default 50)
  --threshold <x>    score threshold of the detection settings, 0 to 1 (default ${DEFAULT_DETECTION_SETTINGS.threshold}, the tenants' default)`;

interface Options {
  modelDir: string;
  sets: EvalSet[];
  dataDir: string;
  limit: number;
  threads: number;
  batchSize: number;
  settings: DetectionSettings;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

function parseOptions(argv: string[]): Options | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      model: { type: 'string' },
      set: { type: 'string', multiple: true },
      'data-dir': { type: 'string' },
      limit: { type: 'string' },
      threads: { type: 'string' },
      batch: { type: 'string' },
      threshold: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  const names = (values.set ?? []).flatMap((value) => value.split(',')).filter((name) => name !== '');
  const sets =
    names.length === 0
      ? [...EVAL_SETS]
      : names.map((name) => {
          const set = findEvalSet(name);
          if (!set)
            throw new Error(
              `unknown set "${name}"; known: ${[...EVAL_SETS, ...DEV_SETS].map((s) => s.name).join(', ')}`,
            );
          return set;
        });
  return {
    modelDir: values.model ?? DEFAULT_MODEL_DIR,
    sets,
    dataDir: values['data-dir'] ?? NER_DATA_DIR,
    limit: positiveInteger('limit', values.limit, Number.POSITIVE_INFINITY),
    threads: positiveInteger('threads', values.threads, 2),
    batchSize: positiveInteger('batch', values.batch, 50),
    settings: { ...DEFAULT_DETECTION_SETTINGS, threshold: threshold(values.threshold) },
  };
}

function threshold(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_DETECTION_SETTINGS.threshold;
  const value = Number(raw);
  if (raw.trim() === '' || !(value >= 0 && value <= 1))
    throw new Error('--threshold must be a number from 0 to 1');
  return value;
}

type DetectionEngine = Awaited<ReturnType<typeof createDetectionEngine>>;

function toEntitySpans(spans: readonly Span[]): EntitySpan[] {
  return spans.map((span) => ({ type: span.entity_type, start: span.start, end: span.end }));
}

/** Runs the engine over all texts in batches; returns the spans per text and the wall time in seconds. */
async function detectAll(
  engine: DetectionEngine,
  examples: readonly EvalExample[],
  options: Options,
): Promise<{ predictions: EntitySpan[][]; seconds: number }> {
  const predictions: EntitySpan[][] = [];
  let seconds = 0;
  for (let i = 0; i < examples.length; i += options.batchSize) {
    const texts = examples.slice(i, i + options.batchSize).map((example) => example.text);
    const started = performance.now();
    const batch = await engine.detect(texts, options.settings);
    seconds += (performance.now() - started) / 1000;
    if (batch.length !== texts.length) {
      throw new Error(`engine.detect returned ${batch.length} results for ${texts.length} texts`);
    }
    predictions.push(...batch.map(toEntitySpans));
  }
  return { predictions, seconds };
}

async function runSet(engine: DetectionEngine, set: EvalSet, options: Options): Promise<string> {
  const loaded = await set.load(options.dataDir);
  const examples = spreadSample(loaded.examples, options.limit);
  const clean = spreadSample(loaded.clean, options.limit);
  process.stderr.write(`${set.name}: ${examples.length} labelled, ${clean.length} clean texts\n`);
  const labelled = await detectAll(engine, examples, options);
  const cleanRun = await detectAll(engine, clean, options);
  const scores = scoreSet(examples, labelled.predictions, set.scoredTypes, clean, cleanRun.predictions);
  const characters = [...examples, ...clean].reduce((sum, example) => sum + example.text.length, 0);
  return renderSetReport({ set, scores, detectSeconds: labelled.seconds + cleanRun.seconds, characters });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  const engine = await createDetectionEngine({
    modelDir: options.modelDir,
    intraOpNumThreads: options.threads,
  });
  try {
    console.log(`# Detection evaluation\n`);
    console.log(
      `Model ${engine.modelName} (${options.modelDir}), ` +
        (options.settings.threshold === DEFAULT_DETECTION_SETTINGS.threshold
          ? 'default detection settings'
          : `default detection settings but threshold ${options.settings.threshold}`) +
        `, ${options.threads} ONNX threads, ` +
        `batches of ${options.batchSize}, ${new Date().toISOString().slice(0, 10)}` +
        (Number.isFinite(options.limit) ? `, ${options.limit} texts per set (evenly spread sample)` : '') +
        '.',
    );
    for (const set of options.sets) {
      console.log(`\n${await runSet(engine, set, options)}`);
    }
  } finally {
    await engine.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
