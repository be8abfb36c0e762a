import { NER_TYPES } from '../src/detection/engine.js';
import { BUILTIN_ENTITY_TYPES, DEFAULT_DETECTION_SETTINGS } from '../src/detection/types.js';
import { mintSessionId } from '../src/vault/sessions.js';
import { startBenchApp } from './bench-app.js';
import { fmt, printTable, PROMPT_1KB, summarize } from './lib.js';

const SCALE = Number(process.env.BENCH_PROXY_SCALE ?? 1);
const WARM_UP = Math.max(50, Math.round(500 * SCALE));
const RUNS = Math.max(100, Math.round(2000 * SCALE));

/**
 * The steps a proxy call with NER off takes one after another before it forwards (DESIGN 6), each
 * timed alone on the real services: what the "added p50, NER off" of the proxy section is made of,
 * and how much of it is the detection thread hop and the durable token write.
 */
export async function benchProxyStages() {
  const bench = await startBenchApp();
  const { detection, vault, db } = bench.services;
  const settings = {
    ...DEFAULT_DETECTION_SETTINGS,
    entities: BUILTIN_ENTITY_TYPES.filter((type) => !NER_TYPES.has(type)),
  };
  const [spans = []] = await detection!.detect([PROMPT_1KB], settings);
  const values = spans.map((s) => ({
    entityType: s.entity_type,
    label: s.label,
    value: PROMPT_1KB.slice(s.start, s.end),
  }));
  const newSession = () => ({
    tenantId: bench.tenant,
    sessionId: mintSessionId(),
    createdByEndUser: null,
    createdByCredential: 'bench',
    unsavedSession: { ownerEndUserId: null },
  });
  const stages: [string, () => Promise<unknown>][] = [
    [
      `detection through the pool (${spans.length} entities)`,
      () => detection!.detect([PROMPT_1KB], settings),
    ],
    ['Postgres round trip (SELECT 1)', () => db.query('SELECT 1')],
    ['new session row alone (INSERT, commit)', () => vault.mint(newSession(), [])],
    [
      `new session and its ${values.length} tokens (one INSERT, commit)`,
      () => vault.mintThenCache(newSession(), values),
    ],
    ['Redis round trip (PING, overlaps detection)', () => vault.cache.ensureAvailable()],
  ];
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [step, run] of stages) {
      for (let i = 0; i < WARM_UP; i++) await run();
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      const s = summarize(samples);
      rows.push({ step, n: s.n, p50: fmt(s.p50), p90: fmt(s.p90), p99: fmt(s.p99) });
    }
  } finally {
    await bench.close();
  }
  printTable(
    'Proxy call with NER off, its serial steps timed alone: 1 KB prompt, a new session per call',
    rows,
  );
}
