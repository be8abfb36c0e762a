import { startWorkers } from '../workers/runtime.js';
import { processors } from '../workers/processors/index.js';
import { createRedis } from '../src/redis.js';
import { createLogger } from '../src/logger.js';
import { startBenchApp, postJson } from './bench-app.js';
import { text2kb } from './detection.js';
import { fmt, printTable, PROMPT_1KB, runConcurrent, summarize } from './lib.js';

export async function benchVault() {
  const bench = await startBenchApp();
  const connection = createRedis(bench.env.REDIS_URL!, 'worker');
  const workers = await startWorkers({
    connection,
    redisPrefix: bench.config.SERVICE_REDIS_PREFIX,
    db: bench.services.db,
    logger: createLogger('warn'),
    vault: bench.services.vault,
    processors,
  });
  const auth = { authorization: `Bearer ${bench.secret}` };
  try {
    const rows: Record<string, string>[] = [];

    // One call at the limits: 100 texts, 200,000 characters.
    const texts = Array.from({ length: 100 }, (_, i) => text2kb(i).slice(0, 2000));
    const big: number[] = [];
    let sample: { tokens: Record<string, string>; session_id: string } | null = null;
    for (let i = 0; i < 4; i++) {
      const t0 = performance.now();
      const res = await postJson(`${bench.url}/v1/client/tokenize`, { texts, end_user_id: `u${i}` }, auth);
      big.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`tokenize ${res.status}`);
      sample = res.json as never;
    }
    const bigS = summarize(big.slice(1));
    rows.push({
      call: 'tokenize 100 texts / 200,000 chars',
      p50: fmt(bigS.p50),
      max: fmt(bigS.max),
      note: `${Object.keys(sample!.tokens).length} distinct tokens`,
    });

    // Detokenize 500 tokens of one session, revealed through rule 2 (unowned session).
    const values = Array.from({ length: 500 }, (_, i) => `user${i}.bench@example.com`);
    const minted = await postJson(`${bench.url}/v1/client/tokenize`, { texts: [values.join(' ')] }, auth);
    const tokenIds = Object.keys(minted.json.tokens as Record<string, string>);
    const sessionId = minted.json.session_id as string;
    const reveal: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const res = await postJson(
        `${bench.url}/v1/client/detokenize`,
        { tokens: tokenIds, session_id: sessionId },
        auth,
      );
      reveal.push(performance.now() - t0);
      const statuses = Object.values(res.json.tokens as Record<string, { status: string }>);
      if (statuses.length !== 500 || statuses.some((s) => s.status !== 'revealed'))
        throw new Error('reveal failed');
    }
    const revealS = summarize(reveal.slice(5));
    rows.push({
      call: 'detokenize 500 tokens',
      p50: fmt(revealS.p50),
      max: fmt(revealS.max),
      note: 'cache warm',
    });

    // Small tokenize calls at 32 concurrent clients.
    const total = 1500;
    const { latencies, wallMs } = await runConcurrent(total, 32, async (i) => {
      const res = await postJson(
        `${bench.url}/v1/client/tokenize`,
        { texts: [PROMPT_1KB.slice(0, 300) + ` #${i}`] },
        auth,
      );
      if (res.status !== 200) throw new Error(`tokenize ${res.status}`);
    });
    const small = summarize(latencies);
    rows.push({
      call: 'tokenize 1 text (~300 chars), 32 concurrent',
      p50: fmt(small.p50),
      max: `p99 ${fmt(small.p99)}`,
      note: `${Math.round(total / (wallMs / 1000))} calls/s`,
    });
    printTable(
      'Client API over HTTP on loopback (real Postgres, Redis, workers, detection pool with 2 threads)',
      rows,
    );
  } finally {
    await workers.close();
    connection.disconnect();
    await bench.close();
  }
}
