/**
 * Entity-level (exact character span) precision / recall / F1 per type of the NER model alone on
 * UNER English-EWT dev, BTC test, WNUT-17 test and the held-out multilingual chat-prompt set, plus
 * throughput. None of these sets is used for training.
 *
 *   npx tsx models/ner/eval.ts [model-dir]     (default: the shipped model)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NerModel } from '../../src/detection/ner/index.js';
import { DEFAULT_MODEL_DIR, loadNerModel } from '../../src/detection/ner/index.js';
import type { CharSpan, LabelledText } from './corpora.js';
import { readBtc, readUnerEwtDev, readWnut } from './corpora.js';
import { generateCorpus } from './synthetic/generate.js';
import { LANGUAGES, buildLexicon } from './synthetic/lexicon.js';
import type { Language } from './synthetic/lexicon.js';
import { createRandom } from './synthetic/random.js';
import { EVAL_TEMPLATES } from './synthetic/templates-eval.js';

const TYPES = ['PERSON', 'LOCATION', 'ORGANIZATION'] as const;
const CHAT_PROMPTS_PER_LANGUAGE = 400;
const EVAL_SEED = 777;

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

type Report = Record<string, { precision: number; recall: number; f1: number; gold: number }>;

function score(counts: Counts, gold: number) {
  const precision = counts.tp / Math.max(counts.tp + counts.fp, 1);
  const recall = counts.tp / Math.max(counts.tp + counts.fn, 1);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { precision: round(precision), recall: round(recall), f1: round(f1), gold };
}

export async function evaluate(model: NerModel, data: readonly LabelledText[]): Promise<Report> {
  const counts = new Map<string, Counts>([...TYPES, 'ALL'].map((t) => [t, { tp: 0, fp: 0, fn: 0 }]));
  const gold = new Map<string, number>([...TYPES, 'ALL'].map((t) => [t, 0]));
  const add = (type: string, key: keyof Counts) => {
    counts.get(type)![key]++;
    counts.get('ALL')![key]++;
  };
  for (let i = 0; i < data.length; i += 256) {
    const chunk = data.slice(i, i + 256);
    const predicted = await model.tag(chunk.map((d) => d.text));
    chunk.forEach((example, k) => {
      const goldKeys = new Set(example.spans.map((s) => `${s.start}:${s.end}:${s.type}`));
      const ignored = new Set((example.ignored ?? []).map((s) => `${s.start}:${s.end}`));
      for (const span of example.spans) {
        gold.set(span.type, gold.get(span.type)! + 1);
        gold.set('ALL', gold.get('ALL')! + 1);
      }
      const predictedKeys = new Set<string>();
      for (const span of predicted[k]!) {
        const key = `${span.start}:${span.end}:${span.entity_type}`;
        predictedKeys.add(key);
        if (goldKeys.has(key)) add(span.entity_type, 'tp');
        else if (!ignored.has(`${span.start}:${span.end}`)) add(span.entity_type, 'fp');
      }
      for (const span of example.spans)
        if (!predictedKeys.has(`${span.start}:${span.end}:${span.type}`)) add(span.type, 'fn');
    });
  }
  return Object.fromEntries([...counts].map(([type, c]) => [type, score(c, gold.get(type)!)]));
}

/** Held-out chat prompts: evaluation-only templates filled with held-out names, cities and companies. */
export function chatPrompts(language: Language): LabelledText[] {
  return generateCorpus(buildLexicon('eval'), createRandom(EVAL_SEED + language.charCodeAt(0)), {
    templates: EVAL_TEMPLATES,
    count: CHAT_PROMPTS_PER_LANGUAGE,
    multiSentence: 0.3,
    caseVariants: false,
    language,
    joinAdjacentNames: true,
  });
}

/**
 * BTC test splits Twitter handles into "@" and the name, each tagged B-PER. The runtime never
 * returns the "@" (it trims symbols off span ends), so gold handles are scored without it.
 */
export function withoutHandleMarks({ text, spans, ignored }: LabelledText): LabelledText {
  const out: CharSpan[] = [];
  for (const span of spans) {
    const value = text.slice(span.start, span.end);
    if (value === '@' || value === '#') continue;
    const mark = /^[@#] ?/.exec(value);
    out.push(mark ? { ...span, start: span.start + mark[0].length } : span);
  }
  return { text, spans: out, ignored };
}

async function measureSpeed(model: NerModel, texts: readonly string[]) {
  // ~1 KB prompts: chat prompts joined until they pass 1000 characters.
  const prompts: string[] = [];
  let current = '';
  for (const text of texts) {
    current = current === '' ? text : `${current}\n${text}`;
    if (current.length >= 1000) {
      prompts.push(current);
      current = '';
    }
  }
  await model.tag(prompts.slice(0, 10)); // warm-up
  const single: number[] = [];
  for (const prompt of prompts.slice(0, 200)) {
    const started = performance.now();
    await model.tag([prompt]);
    single.push(performance.now() - started);
  }
  single.sort((a, b) => a - b);
  const started = performance.now();
  let chars = 0;
  for (let i = 0; i < prompts.length; i += 32) {
    const batch = prompts.slice(i, i + 32);
    chars += batch.reduce((n, p) => n + p.length, 0);
    await model.tag(batch);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    promptChars: Math.round(prompts.reduce((n, p) => n + p.length, 0) / prompts.length),
    latencyMsP50: Math.round(single[Math.floor(single.length / 2)]! * 100) / 100,
    latencyMsP95: Math.round(single[Math.floor(single.length * 0.95)]! * 100) / 100,
    batchedCharsPerSecond: Math.round(chars / seconds),
    rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

function printTable(title: string, report: Report): void {
  console.log(`\n${title}`);
  console.log('| type | precision | recall | F1 | gold |\n|---|---|---|---|---|');
  for (const [type, r] of Object.entries(report))
    console.log(`| ${type} | ${r.precision} | ${r.recall} | ${r.f1} | ${r.gold} |`);
}

async function main(): Promise<void> {
  const modelDir = process.argv[2] ?? DEFAULT_MODEL_DIR;
  const model = await loadNerModel(modelDir, { intraOpNumThreads: 2 });
  const results: Record<string, unknown> = { model: model.name };
  const sets: [string, LabelledText[]][] = [
    ['UNER English-EWT dev', readUnerEwtDev()],
    ['BTC test', readBtc('test').map(withoutHandleMarks)],
    ['WNUT-17 test (person, location, corporation)', readWnut('emerging.test.annotated')],
    ...LANGUAGES.map((language): [string, LabelledText[]] => [
      `Chat prompts (held out), ${language}`,
      chatPrompts(language),
    ]),
  ];
  for (const [title, data] of sets) {
    const report = await evaluate(model, data);
    results[title] = report;
    printTable(`${title} (${data.length} texts)`, report);
  }
  const allChat = LANGUAGES.flatMap((language) => chatPrompts(language));
  const chatReport = await evaluate(model, allChat);
  results['Chat prompts (held out), all languages'] = chatReport;
  printTable(`Chat prompts (held out), all languages (${allChat.length} texts)`, chatReport);
  const speed = await measureSpeed(
    model,
    allChat.map((d) => d.text),
  );
  results.speed = speed;
  console.log('\nspeed (intraOpNumThreads 2):', JSON.stringify(speed));
  writeFileSync(join(modelDir, 'eval.json'), JSON.stringify(results, null, 2) + '\n');
  await model.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
