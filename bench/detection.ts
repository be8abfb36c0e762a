import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DetectionPool } from '../src/detection/pool.js';
import { DEFAULT_MODEL_DIR } from '../src/detection/ner/index.js';
import { DEFAULT_DETECTION_SETTINGS } from '../src/detection/types.js';
import { fmt, printTable, PROMPT_1KB, rssMb, summarize } from './lib.js';

const MODEL_DIR = process.env.SERVICE_MODEL_DIR ?? DEFAULT_MODEL_DIR;
const settings = DEFAULT_DETECTION_SETTINGS;

/** About 2 KB of mixed prose with entities, varied per index so caches cannot help. */
export function text2kb(i: number): string {
  const base =
    `Ticket ${1000 + i}: customer Anna Weber (anna.weber${i}@example.org) from Hamburg called about invoice ${70000 + i}. ` +
    'She asked whether the warranty covers the replacement part and when the technician can come by. ';
  let out = '';
  while (out.length < 2000) out += base + PROMPT_1KB.slice(0, 400) + ' ';
  return out.slice(0, 2048);
}

export function text200k(): string {
  let out = '';
  for (let i = 0; out.length < 200_000; i++) out += text2kb(i) + '\n';
  return out.slice(0, 200_000);
}

/** One pool size, in a process of its own so that its RSS is that pool's alone. */
async function measure(threads: number) {
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 5);
  const pool = DetectionPool.create({
    modelDir: MODEL_DIR,
    intraOpNumThreads: 1,
    threads,
    taskTimeoutMs: 60_000,
  });
  await pool.warmUp(settings);
  for (let i = 0; i < 20; i++) await pool.detect([PROMPT_1KB], settings);

  const latencies: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await pool.detect([PROMPT_1KB], settings);
    latencies.push(performance.now() - t0);
  }
  const lat = summarize(latencies);

  const batch = Array.from({ length: 100 }, (_, i) => text2kb(i));
  const batchChars = batch.reduce((n, t) => n + t.length, 0);
  let t0 = performance.now();
  const rounds = 3;
  for (let r = 0; r < rounds; r++) await pool.detect(batch, settings);
  const batchMs = (performance.now() - t0) / rounds;

  const big = text200k();
  t0 = performance.now();
  await pool.detect([big], settings);
  const bigMs = performance.now() - t0;

  const rss = rssMb();
  clearInterval(sampler);
  await pool.close();
  return {
    threads,
    '1 KB p50': fmt(lat.p50),
    '1 KB p99': fmt(lat.p99),
    '100×2 KB': `${fmt(batchMs)} (${Math.round(batchChars / (batchMs / 1000)).toLocaleString('en')} chars/s)`,
    '1×200,000': `${fmt(bigMs)} (${Math.round(big.length / (bigMs / 1000)).toLocaleString('en')} chars/s)`,
    'RSS after': `${rss} MiB`,
    'peak RSS': `${Math.max(peak, rss)} MiB`,
  };
}

const ONE_POOL_ARG = '--detection-pool-threads';

export async function benchDetection() {
  const rows = [];
  for (const threads of [1, 2]) {
    const child = fork(fileURLToPath(import.meta.url), [ONE_POOL_ARG, String(threads)], {
      execArgv: process.execArgv,
    });
    rows.push(
      await new Promise<Record<string, string | number>>((resolve, reject) => {
        child.once('message', (row) => resolve(row as Record<string, string | number>));
        child.once('exit', (code) => reject(new Error(`detection bench child exited with ${code}`)));
      }),
    );
  }
  printTable(
    `Detection through the pool (model ${MODEL_DIR}; ONNX intra-op threads 1 per pool thread; each pool size in a process of its own, RSS of that process, peak sampled every 5 ms)`,
    rows,
  );
}

const poolArg = process.argv.indexOf(ONE_POOL_ARG);
if (poolArg >= 0 && process.send) {
  process.send(await measure(Number(process.argv[poolArg + 1])), () => process.exit(0));
}
