import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from 'undici';
import { createRedis } from '../src/redis.js';
import { startProcess, type RunningProcess } from '../test/helpers/processes.js';
import { BENCH_ADMIN_TOKEN, deleteKeys, postJson, provisionTenant } from './bench-app.js';
import { text2kb } from './detection.js';
import {
  fmt,
  ownSettings,
  printTable,
  PROMPT_1KB,
  REDIS_URL,
  runConcurrent,
  scratchDatabase,
  summarize,
} from './lib.js';

const SAMPLE_EVERY_MS = 20;
/** Settings the bench hands on from its own environment; NODE_OPTIONS for A/B runs of V8 flags. */
const PASSED_THROUGH = [
  'SERVICE_MODEL_DIR',
  'SERVICE_DETECTION_THREADS',
  'WORKER_CONCURRENCY',
  'NODE_OPTIONS',
];

/** A field of /proc/<pid>/status in MiB (VmRSS now, VmHWM the peak since the process started). */
function statusMib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line?.split(/\s+/)[1] ?? NaN) / 1024);
}

/** The api and worker processes that `npm start` (src/start.ts) spawned, told apart by their entry file. */
function serviceProcesses(startPid: number): { api: number; worker: number } {
  const children = readFileSync(`/proc/${startPid}/task/${startPid}/children`, 'utf8').trim().split(/\s+/);
  const byEntry = (entry: string) =>
    Number(children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)));
  const processes = { api: byEntry('src/server.ts'), worker: byEntry('workers/main.ts') };
  if (!processes.api || !processes.worker) throw new Error(`service processes not found under ${startPid}`);
  return processes;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitUntilReady(url: string, service: RunningProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null) throw new Error(`npm start exited: ${service.output()}`);
    const status = await request(`${url}/readyz`)
      .then(async (res) => (await res.body.dump(), res.statusCode))
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the service was not ready within 120 s: ${service.output()}`);
}

/** Peak VmRSS of each process, sampled while `load` runs. */
async function peaksDuring<T>(pids: Record<string, number>, load: () => Promise<T>) {
  const peaks = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, statusMib(pid, 'VmRSS')]),
  );
  const sampler = setInterval(() => {
    for (const [name, pid] of Object.entries(pids))
      peaks[name] = Math.max(peaks[name]!, statusMib(pid, 'VmRSS'));
  }, SAMPLE_EVERY_MS);
  try {
    return { result: await load(), peaks };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The whole service as `npm start` runs it (the api process with its detection threads, and the
 * worker process), over a scratch database and its own Redis prefix: the memory of each process at
 * rest and at its peak under client API load, with the latency of that load.
 */
export async function benchService() {
  const database = await scratchDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prefix = `bench:${randomBytes(4).toString('hex')}`;
  // src/start.ts passes SIGTERM on to the api and the worker and exits when both have.
  const service = startProcess('src/start.ts', {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL,
    SERVICE_REDIS_PREFIX: prefix,
    SERVICE_MASTER_KEY: randomBytes(32).toString('base64'),
    SERVICE_ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    ...ownSettings(PASSED_THROUGH),
  });
  try {
    const startedAt = performance.now();
    await waitUntilReady(url, service);
    const readyMs = performance.now() - startedAt;
    const pids = serviceProcesses(service.child.pid!);
    const { secret } = await provisionTenant(url);
    const auth = { authorization: `Bearer ${secret}` };
    const tokenize = async (texts: string[], i: number) => {
      const res = await postJson(`${url}/v1/client/tokenize`, { texts, end_user_id: `u${i % 50}` }, auth);
      if (res.status !== 200) throw new Error(`tokenize ${res.status}: ${JSON.stringify(res.json)}`);
    };
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    /** A row of memory alone: each process's `field` now. */
    const memoryRow = (phase: string, field: 'VmRSS' | 'VmHWM') => ({
      phase,
      'latency p50 / p99': '—',
      throughput: '—',
      'api RSS MiB': String(statusMib(pids.api, field)),
      'worker RSS MiB': String(statusMib(pids.worker, field)),
    });
    const rest = memoryRow(
      `at rest, 3 s after /readyz (ready ${(readyMs / 1000).toFixed(1)} s after start)`,
      'VmRSS',
    );

    const loads = [
      {
        name: 'tokenize 1 KB, 8 clients × 150 calls',
        total: 1_200,
        clients: 8,
        chars: PROMPT_1KB.length,
        run: (i: number) => tokenize([PROMPT_1KB.replace('Maria', `Maria${i % 7 ? '' : 'nne'}`)], i),
      },
      {
        name: 'tokenize 100 texts / 200,000 chars (the limit of one call), 2 clients × 10 calls',
        total: 20,
        clients: 2,
        chars: 100 * 2_000,
        run: (i: number) =>
          tokenize(
            Array.from({ length: 100 }, (_, j) => text2kb(i * 100 + j).slice(0, 2_000)),
            i,
          ),
      },
    ];
    const rows: Record<string, string>[] = [rest];
    for (const load of loads) {
      const { result, peaks } = await peaksDuring(pids, () =>
        runConcurrent(load.total, load.clients, load.run),
      );
      const latency = summarize(result.latencies);
      rows.push({
        phase: `${load.name}, peak`,
        'latency p50 / p99': `${fmt(latency.p50)} / ${fmt(latency.p99)}`,
        throughput: `${Math.round((load.total * load.chars) / (result.wallMs / 1000)).toLocaleString('en')} chars/s`,
        'api RSS MiB': String(peaks.api),
        'worker RSS MiB': String(peaks.worker),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    rows.push(memoryRow('after the loads, 3 s idle', 'VmRSS'));
    rows.push(memoryRow('peak over the whole run (VmHWM, start-up included)', 'VmHWM'));
    printTable(
      `The service as npm start runs it (api process with ${process.env.SERVICE_DETECTION_THREADS ?? 2} detection threads, worker process; model ${process.env.SERVICE_MODEL_DIR ?? 'default'}; NODE_ENV=production; RSS from /proc, peaks sampled every ${SAMPLE_EVERY_MS} ms)`,
      rows,
    );
  } finally {
    if (service.child.exitCode === null) service.child.kill('SIGTERM');
    await service.exited;
    const redis = createRedis(REDIS_URL, 'worker');
    await deleteKeys(redis, `${prefix}:*`);
    redis.disconnect();
    await database.drop();
  }
}
