import { Queue } from 'bullmq';
import { bullPrefix } from '../src/queues/catalog.js';
import { startProcess } from '../test/helpers/processes.js';
import { startBenchApp, postJson } from './bench-app.js';
import { printTable, runConcurrent, summarize, fmt } from './lib.js';

const ATTEMPTS = Number(process.env.BENCH_REVEAL_ATTEMPTS ?? 10_000);
const TOKENS_PER_ATTEMPT = 2;

/**
 * 10,000 reveal attempts over HTTP while the worker process is killed (SIGKILL) once midway and
 * restarted; afterwards the reveal log must hold exactly one row per token per attempt.
 */
export async function benchRevealDurability() {
  const bench = await startBenchApp();
  const auth = { authorization: `Bearer ${bench.secret}` };
  const startWorker = () => startProcess('workers/main.ts', { ...bench.env, LOG_LEVEL: 'warn' });
  let worker = startWorker();
  try {
    await new Promise((r) => setTimeout(r, 3000));
    const minted = await postJson(
      `${bench.url}/v1/client/tokenize`,
      { texts: ['write to ada.lovelace@example.com or grace.hopper@example.com'] },
      auth,
    );
    const tokens = Object.keys(minted.json.tokens as Record<string, string>);
    if (tokens.length !== TOKENS_PER_ATTEMPT) throw new Error(`expected 2 tokens, got ${tokens.length}`);
    const session = minted.json.session_id as string;

    let killedAt = -1;
    let restarted = false;
    const { latencies, wallMs } = await runConcurrent(ATTEMPTS, 16, async (i) => {
      if (i === Math.floor(ATTEMPTS / 3) && killedAt < 0) {
        killedAt = i;
        worker.child.kill('SIGKILL');
        setTimeout(() => {
          worker = startWorker();
          restarted = true;
        }, 2000);
      }
      const res = await postJson(`${bench.url}/v1/client/detokenize`, { tokens, session_id: session }, auth);
      if (res.status !== 200) throw new Error(`detokenize ${res.status}`);
    });
    while (!restarted) await new Promise((r) => setTimeout(r, 100));

    // Drain: wait until the reveal-log queue has nothing waiting, active or delayed.
    const queue = new Queue('reveal-log', {
      connection: { url: bench.env.REDIS_URL! },
      prefix: bullPrefix(bench.config.SERVICE_REDIS_PREFIX),
    });
    const drainStarted = Date.now();
    for (;;) {
      const counts = await queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'waiting-children',
      );
      if (Object.values(counts).every((n) => n === 0)) break;
      if (Date.now() - drainStarted > 300_000)
        throw new Error(`queue did not drain: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const failed = await queue.getJobCountByTypes('failed');
    await queue.close();

    const { rows } = await bench.services.db.query<{
      rows: string;
      attempts: string;
      per_attempt_max: string;
    }>(
      `SELECT count(*)::text AS rows, count(DISTINCT attempt_id)::text AS attempts,
              (SELECT max(n) FROM (SELECT count(*) AS n FROM reveal_log WHERE tenant_id = $1 GROUP BY attempt_id) x)::text AS per_attempt_max
         FROM reveal_log WHERE tenant_id = $1`,
      [bench.tenant],
    );
    const r = rows[0]!;
    const s = summarize(latencies);
    printTable(
      `Reveal log durability: ${ATTEMPTS} attempts × ${TOKENS_PER_ATTEMPT} tokens, worker SIGKILLed at attempt ${killedAt} and restarted`,
      [
        {
          'expected rows': ATTEMPTS * TOKENS_PER_ATTEMPT,
          'rows found': Number(r.rows),
          'distinct attempts': Number(r.attempts),
          'max rows per attempt': Number(r.per_attempt_max),
          'failed jobs': failed,
          'detokenize p50 / p99': `${fmt(s.p50)} / ${fmt(s.p99)}`,
          'attempts/s': Math.round(ATTEMPTS / (wallMs / 1000)),
        },
      ],
    );
    if (Number(r.rows) !== ATTEMPTS * TOKENS_PER_ATTEMPT || Number(r.attempts) !== ATTEMPTS) {
      throw new Error('reveal log lost or doubled rows');
    }
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exited;
    await bench.close();
  }
}
