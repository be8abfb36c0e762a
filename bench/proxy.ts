import { NER_TYPES } from '../src/detection/engine.js';
import { BUILTIN_ENTITY_TYPES } from '../src/detection/types.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { startFakeProvider, type FakeProvider } from '../test/fake-provider/index.js';
import { preciseNowMs } from '../test/fake-provider/sse-writer.js';
import { startWorkers, type WorkerRuntime } from '../workers/runtime.js';
import { processors } from '../workers/processors/index.js';
import { createRedis } from '../src/redis.js';
import { createDb } from '../src/db/pool.js';
import { createLogger } from '../src/logger.js';
import type { QueueName } from '../src/queues/catalog.js';
import type { QueueProducer } from '../src/queues/producer.js';
import { createSseDecoder } from '../src/relay/sse-utf8.js';
import { findTokenTexts } from '../src/tokens/token-text.js';
import { BENCH_ADMIN_TOKEN, postJson, startBenchApp, type BenchApp } from './bench-app.js';
import { startPlainRelay } from './plain-relay.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';
import { fmt, printTable, PROMPT_1KB, rssMb, runConcurrent, summarize } from './lib.js';

/** Scales every request count (e.g. 0.2 for a quick look); the defaults are what docs/benchmarks.md reports. */
const SCALE = Number(process.env.BENCH_PROXY_SCALE ?? 1);
const count = (n: number) => Math.max(20, Math.round(n * SCALE));
const WARM_UP = count(100);
/**
 * One-client calls per target before the one-client phase, not measured: the proxy's call path runs
 * slower for its first ~1,500 calls while V8 optimises it (added p50 with NER off fell from 2.2 to
 * 1.6 ms over the first 2,400 calls in one process), and a service in use runs in the steady state.
 */
const SERIAL_WARM_UP = count(1500);
const SERIAL = count(300);
const PARALLEL = count(2000);
const STREAMS = count(30);
const MANY = 32;
/**
 * Where the BullMQ workers run: their own process by default, as `npm start` runs them;
 * `BENCH_PROXY_WORKERS=in-process` puts them on the bench process's event loop, as earlier runs
 * did (their CPU then counts as the proxy's, and their work competes with the proxy's requests).
 */
const WORKERS_IN_PROCESS = process.env.BENCH_PROXY_WORKERS === 'in-process';

/**
 * The fake's answer: an echo of the user message, streamed 40 characters per event with one event
 * every 10 ms, each stamped with its send time (an `id:` line) so the client can tell how long the
 * relay held it. JSON answers ignore the streaming fields.
 */
const PROVIDER_SCENARIO = { chunkSize: 40, writeDelayMs: 10, stampEvents: true };

/** Detection types the engine serves without the NER model. */
const NON_NER_ENTITIES = BUILTIN_ENTITY_TYPES.filter((type) => !NER_TYPES.has(type));

interface Target {
  name: string;
  url: string;
  providerKey: string;
}

const MESSAGES = [{ role: 'user', content: PROMPT_1KB }];
const BODY_JSON = JSON.stringify({ model: 'gpt-4o-mini', messages: MESSAGES });
// The client asks for usage itself, so the proxy adds no usage chunk of its own and both targets
// relay the same events (the fake spends a write delay on every event, usage included).
const BODY_STREAM = JSON.stringify({
  model: 'gpt-4o-mini',
  stream: true,
  stream_options: { include_usage: true },
  messages: MESSAGES,
});

function post(client: Agent, target: Target, body: string) {
  return request(`${target.url}/chat/completions`, {
    dispatcher: client,
    method: 'POST',
    headers: { authorization: `Bearer ${target.providerKey}`, 'content-type': 'application/json' },
    body,
  });
}

async function chatOnce(client: Agent, target: Target): Promise<string> {
  const res = await post(client, target, BODY_JSON);
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${target.name}: status ${res.statusCode}`);
  return text;
}

interface StreamTiming {
  firstByteMs: number;
  totalMs: number;
  /** Per stamped event: client arrival minus provider send. */
  relayLagMs: number[];
  content: string;
}

async function streamOnce(client: Agent, target: Target): Promise<StreamTiming> {
  const started = performance.now();
  const res = await post(client, target, BODY_STREAM);
  if (res.statusCode !== 200) throw new Error(`${target.name}: stream status ${res.statusCode}`);
  const decoder = createSseDecoder();
  const relayLagMs: number[] = [];
  let firstByteMs = NaN;
  let content = '';
  for await (const chunk of res.body) {
    const arrivedAt = preciseNowMs();
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - started;
    for (const event of decoder.push(chunk as Buffer)) {
      if (event.id) relayLagMs.push(arrivedAt - Number(event.id));
      if (event.data === '[DONE]') continue;
      const parsed = JSON.parse(event.data) as { choices?: { delta?: { content?: string } }[] };
      content += parsed.choices?.[0]?.delta?.content ?? '';
    }
  }
  return { firstByteMs, totalMs: performance.now() - started, relayLagMs, content };
}

/** One JSON and one streamed answer per target, checked to echo the prompt whole; returns how many tokens the provider saw. */
async function checkTargets(
  client: Agent,
  fake: FakeProvider,
  targets: Target[],
): Promise<Map<Target, number>> {
  const tokenized = new Map<Target, number>();
  for (const target of targets) {
    fake.reset();
    const answer = JSON.parse(await chatOnce(client, target)) as {
      choices: { message: { content: string } }[];
    };
    if (answer.choices[0]?.message.content !== PROMPT_1KB)
      throw new Error(`${target.name}: echo not restored`);
    const streamed = await streamOnce(client, target);
    if (streamed.content !== PROMPT_1KB) throw new Error(`${target.name}: streamed echo not restored`);
    const sent = fake.requests[0]?.body as { messages: { role: string; content: string }[] };
    const user = sent.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    tokenized.set(target, findTokenTexts(user).length);
  }
  fake.reset();
  return tokenized;
}

const ADMIN = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };

async function createTenant(url: string, name: string): Promise<string> {
  const res = await postJson(`${url}/admin/api/tenants`, { name }, ADMIN);
  if (res.status !== 201) throw new Error(`tenant ${res.status}`);
  return res.json.id as string;
}

async function limitDetection(url: string, tenant: string, entities: string[]): Promise<void> {
  const res = await request(`${url}/admin/api/tenants/${tenant}/settings`, {
    method: 'PATCH',
    headers: { ...ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({ detection: { entities } }),
  });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`settings ${res.statusCode}`);
}

async function registerOpenAiKey(url: string, tenant: string, key: string): Promise<void> {
  const res = await postJson(
    `${url}/admin/api/tenants/${tenant}/provider-keys`,
    { provider: 'openai', key },
    ADMIN,
  );
  if (res.status !== 201) throw new Error(`provider key ${res.status}`);
}

const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
const added = (value: number, base: number) => `${value - base >= 0 ? '+' : ''}${fmt(value - base)}`;

type Stats = ReturnType<typeof summarize>;

/** The queues a proxy call adds to (recordProxyCall). */
const PROXY_QUEUES: QueueName[] = ['request-log'];

/** Waits until the workers have processed the request-log jobs (log, audit rows and usage) of the calls so far. */
async function drainQueues(queues: QueueProducer): Promise<void> {
  const deadline = Date.now() + 60_000;
  await queues.flushed();
  for (const name of PROXY_QUEUES) {
    for (;;) {
      const counts = await queues.queue(name).getJobCounts('wait', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) break;
      if (Date.now() > deadline) throw new Error(`queue ${name} did not drain`);
      await sleep(50);
    }
  }
}

/** CPU time the worker process used so far (0 when the workers run in this process). */
let workerCpuMs: () => number = () => 0;

/**
 * Runs one measured phase and then lets the queues drain, so no phase pays for the previous one's
 * bookkeeping. CPU is per call over the phase and its drain: this process (all threads: clients,
 * fake provider, relays, detection) and, apart, the worker process.
 */
async function phase<T>(
  calls: number,
  queues: QueueProducer,
  fake: FakeProvider,
  run: () => Promise<T>,
): Promise<T & { cpuMsPerCall: number; workerCpuMsPerCall: number }> {
  const cpuBefore = process.cpuUsage();
  const workerBefore = workerCpuMs();
  const result = await run();
  await drainQueues(queues);
  const cpu = process.cpuUsage(cpuBefore);
  const workerCpu = workerCpuMs() - workerBefore;
  fake.reset();
  return {
    ...result,
    cpuMsPerCall: (cpu.user + cpu.system) / 1000 / calls,
    workerCpuMsPerCall: workerCpu / calls,
  };
}

export async function benchProxy() {
  const rss: Record<string, number> = { start: rssMb() };
  const fake = await startFakeProvider({ defaultScenario: PROVIDER_SCENARIO });
  const plain = await startPlainRelay(`${fake.url}/v1`);
  const bench = await startBenchApp({ SERVICE_UPSTREAM_OPENAI: `${fake.url}/v1` });
  const workers = WORKERS_IN_PROCESS
    ? await startInProcessWorkers(bench)
    : await startWorkerProcess(bench.env);
  if (!WORKERS_IN_PROCESS) workerCpuMs = () => (workers as WorkerProcess).cpuMs();
  const queues = bench.services.queues;
  const client = new Agent({ keepAliveTimeout: 30_000, connections: MANY * 2 });
  try {
    await registerOpenAiKey(bench.url, bench.tenant, 'sk-proj-bench-ner-on-0123456789abcdef');
    const nerOffTenant = await createTenant(bench.url, 'Bench NER off');
    await limitDetection(bench.url, nerOffTenant, NON_NER_ENTITIES);
    await registerOpenAiKey(bench.url, nerOffTenant, 'sk-proj-bench-ner-off-0123456789abcdef');
    const targets: Target[] = [
      { name: 'plain relay', url: plain.url, providerKey: 'sk-proj-bench-plain-0123456789abcdef' },
      { name: 'proxy, NER off', url: bench.url, providerKey: 'sk-proj-bench-ner-off-0123456789abcdef' },
      { name: 'proxy, NER on', url: bench.url, providerKey: 'sk-proj-bench-ner-on-0123456789abcdef' },
    ];
    const [baseline, nerOff, nerOn] = targets as [Target, Target, Target];
    const tokenized = await checkTargets(client, fake, targets);
    for (const target of targets)
      await phase(WARM_UP, queues, fake, () =>
        runConcurrent(WARM_UP, 8, () => chatOnce(client, target).then(() => undefined)),
      );
    rss.ready = rssMb();

    // Phase by phase across the targets, so a neighbour's load on the machine falls on all of them alike.
    const serial = new Map<Target, Stats & CpuPerCall>();
    for (const target of targets)
      await phase(SERIAL_WARM_UP, queues, fake, () =>
        runConcurrent(SERIAL_WARM_UP, 1, () => chatOnce(client, target).then(() => undefined)),
      );
    for (const target of targets) {
      const { latencies, cpuMsPerCall, workerCpuMsPerCall } = await phase(SERIAL, queues, fake, () =>
        runConcurrent(SERIAL, 1, () => chatOnce(client, target).then(() => undefined)),
      );
      serial.set(target, { ...summarize(latencies), cpuMsPerCall, workerCpuMsPerCall });
    }
    rss.serial = rssMb();

    const parallel = new Map<Target, Stats & CpuPerCall & { perSecond: number }>();
    for (const target of targets) {
      const { latencies, wallMs, cpuMsPerCall, workerCpuMsPerCall } = await phase(
        PARALLEL,
        queues,
        fake,
        () => runConcurrent(PARALLEL, MANY, () => chatOnce(client, target).then(() => undefined)),
      );
      parallel.set(target, {
        ...summarize(latencies),
        cpuMsPerCall,
        workerCpuMsPerCall,
        perSecond: PARALLEL / (wallMs / 1000),
      });
    }
    rss.parallel = rssMb();

    const streams = new Map<Target, { firstByte: Stats; total: Stats; lag: Stats } & CpuPerCall>();
    for (const target of targets) {
      const { timings, cpuMsPerCall, workerCpuMsPerCall } = await phase(STREAMS, queues, fake, async () => {
        const timings: StreamTiming[] = [];
        for (let i = 0; i < STREAMS; i++) timings.push(await streamOnce(client, target));
        return { timings };
      });
      streams.set(target, {
        firstByte: summarize(timings.map((t) => t.firstByteMs)),
        total: summarize(timings.map((t) => t.totalMs)),
        lag: summarize(timings.flatMap((t) => t.relayLagMs)),
        cpuMsPerCall,
        workerCpuMsPerCall,
      });
    }
    rss.streams = rssMb();

    const latencyRows = (clients: number, stats: Map<Target, Stats & CpuPerCall & { perSecond?: number }>) =>
      targets.map((target) => {
        const s = stats.get(target)!;
        const base = stats.get(baseline)!;
        const isBase = target === baseline;
        return {
          target: target.name,
          clients,
          n: s.n,
          p50: fmt(s.p50),
          p90: fmt(s.p90),
          p99: fmt(s.p99),
          'p99/p50': (s.p99 / s.p50).toFixed(2),
          'added p50': isBase ? '—' : added(s.p50, base.p50),
          'added p99': isBase ? '—' : added(s.p99, base.p99),
          'p50 vs plain': ratio(s.p50, base.p50),
          'req/s': s.perSecond ? Math.round(s.perSecond) : '—',
          'req/s vs plain': s.perSecond && base.perSecond ? ratio(s.perSecond, base.perSecond) : '—',
          'CPU/call': fmt(s.cpuMsPerCall),
          ...workerCpuColumn(s),
        };
      });
    printTable(
      `Proxy vs plain relay, non-streaming: 1 KB prompt (tokens the provider saw: ${targets
        .filter((t) => t !== baseline)
        .map((t) => `${t.name} ${tokenized.get(t)}`)
        .join(', ')}); echo reply restored; a new session per call. ` + `CPU/call: ${CPU_NOTE}`,
      [...latencyRows(1, serial), ...latencyRows(MANY, parallel)],
    );

    const baseStream = streams.get(baseline)!;
    printTable(
      `Streaming, 1 client: echo in 40-character events, one every ${PROVIDER_SCENARIO.writeDelayMs} ms; ` +
        `relay delay = client arrival − provider send, per event; CPU/stream: ${CPU_NOTE}`,
      targets.map((target) => {
        const s = streams.get(target)!;
        const isBase = target === baseline;
        return {
          target: target.name,
          streams: s.total.n,
          'first byte p50': fmt(s.firstByte.p50),
          'first byte p90': fmt(s.firstByte.p90),
          'added first byte p50': isBase ? '—' : added(s.firstByte.p50, baseStream.firstByte.p50),
          'total p50': fmt(s.total.p50),
          'added total p50': isBase ? '—' : added(s.total.p50, baseStream.total.p50),
          events: s.lag.n,
          'relay delay p50': fmt(s.lag.p50),
          'relay delay p90': fmt(s.lag.p90),
          'relay delay p99': fmt(s.lag.p99),
          'relay delay max': fmt(s.lag.max),
          'CPU/stream': fmt(s.cpuMsPerCall),
          ...workerCpuColumn(s, 'worker CPU/stream'),
        };
      }),
    );

    const goal = (what: string, value: number, limit: number, unit: 'ms' | 'ratio') => ({
      goal: what,
      measured: unit === 'ms' ? fmt(value) : value.toFixed(2),
      limit: unit === 'ms' ? `≤ ${fmt(limit)}` : `≤ ${limit}`,
      met: value <= limit ? 'yes' : 'no',
    });
    const addedP50 = (t: Target) => serial.get(t)!.p50 - serial.get(baseline)!.p50;
    const tailRatio = (t: Target) => parallel.get(t)!.p99 / parallel.get(t)!.p50;
    printTable('Targets of the issue, this run', [
      goal('added p50, NER on, 1 client', addedP50(nerOn), 10, 'ms'),
      goal('added p50, NER off, 1 client', addedP50(nerOff), 1.5, 'ms'),
      goal('p99/p50, NER on, 32 clients', tailRatio(nerOn), 3, 'ratio'),
      goal('p99/p50, NER off, 32 clients', tailRatio(nerOff), 3, 'ratio'),
      goal('stream relay delay p99, NER on', streams.get(nerOn)!.lag.p99, 2, 'ms'),
      goal('stream relay delay p99, NER off', streams.get(nerOff)!.lag.p99, 2, 'ms'),
    ]);

    printTable(
      `Process RSS (the bench process: fake provider, plain relay, proxy with its detection threads, clients${
        WORKERS_IN_PROCESS ? ', workers' : ''
      })`,
      Object.entries(rss).map(([after, mb]) => ({ after, 'RSS MiB': mb })),
    );
  } finally {
    await client.close();
    await workers.close();
    await bench.close();
    await plain.close();
    await fake.close();
  }
}

interface CpuPerCall {
  cpuMsPerCall: number;
  workerCpuMsPerCall: number;
}

const CPU_NOTE = WORKERS_IN_PROCESS
  ? 'whole process (all threads), workers included (BENCH_PROXY_WORKERS=in-process), queues drained'
  : 'bench process (all threads: clients, fake provider, relays, detection) and, apart, the worker process; queues drained';

const workerCpuColumn = (s: CpuPerCall, name = 'worker CPU/call'): Record<string, string> =>
  WORKERS_IN_PROCESS ? {} : { [name]: fmt(s.workerCpuMsPerCall) };

/** The workers on this process's event loop, with their own Redis connection and Postgres pool. */
async function startInProcessWorkers(bench: BenchApp): Promise<{ close(): Promise<void> }> {
  const connection = createRedis(bench.env.REDIS_URL!, 'worker');
  const workerDb = createDb(bench.env.DATABASE_URL!);
  const runtime: WorkerRuntime = await startWorkers({
    connection,
    redisPrefix: bench.config.SERVICE_REDIS_PREFIX,
    db: workerDb,
    logger: createLogger('warn'),
    vault: bench.services.vault,
    processors,
  });
  return {
    close: async () => {
      await runtime.close();
      connection.disconnect();
      await workerDb.end();
    },
  };
}
