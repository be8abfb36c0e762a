import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase, migrate } from '../src/db/migrate.js';
import { createDb } from '../src/db/pool.js';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samplesMs: number[]) {
  const s = [...samplesMs].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s[s.length - 1] ?? NaN,
  };
}

export const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n### ${title}\n`);
  if (!rows.length) return;
  const cols = Object.keys(rows[0]!);
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`|${cols.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => String(r[c])).join(' | ')} |`);
}

/** Runs `task` `total` times with `concurrency` in flight; returns per-call latencies and wall time. */
export async function runConcurrent(total: number, concurrency: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

/** The settings among `names` that the bench's own environment sets, to hand on to what it starts. */
export function ownSettings(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

export const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** A scratch database for one bench run, migrated; dropped by the returned function. */
export async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `svc_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  const db = createDb(url.toString(), { max: 1 });
  await migrate(db);
  await db.end();
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A 1 KB chat prompt with five entities (name, email, phone, IBAN, city). */
export const PROMPT_1KB =
  'Hi, I need help drafting a reply to a customer complaint that came in this morning. The customer is ' +
  'Maria Rossi, she wrote from maria.rossi@example.com and asked us to call her back on +44 20 7946 0958. ' +
  'She says the refund for order 55123 was sent to the wrong account and wants it moved to IBAN ' +
  'DE89 3704 0044 0532 0130 00 instead. She also mentioned she is moving to Milano next month, so any ' +
  'paper correspondence should wait until she confirms the new address. Please write a short, friendly ' +
  'answer that apologises for the delay, confirms we have received her request, explains that refunds ' +
  'usually take three to five business days once approved by the finance team, and asks her to confirm ' +
  'the account holder name matches the one on the original order. Keep it under 150 words, avoid ' +
  'promising a specific date, and sign it from the support team. Thanks a lot for the help with this one, ' +
  'and let me know if anything in the tone should change before it goes out today.';
