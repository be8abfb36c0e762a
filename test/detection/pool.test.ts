import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { threadId } from 'node:worker_threads';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DetectionPool, type DetectionPoolOptions } from '../../src/detection/pool.js';
import { DEFAULT_MODEL_DIR } from '../../src/detection/ner/index.js';
import { DEFAULT_DETECTION_SETTINGS, type Span } from '../../src/detection/types.js';
import { ServiceError } from '../../src/errors.js';

const MODEL_DIR = DEFAULT_MODEL_DIR;
const settings = DEFAULT_DETECTION_SETTINGS;
const bigText = 'Please call Maria Rossi at +44 20 7946 0958 or write to maria.rossi@example.com. '.repeat(
  2_400,
);

let pool: DetectionPool;
beforeAll(async () => {
  pool = DetectionPool.create({ modelDir: MODEL_DIR, intraOpNumThreads: 1, threads: 2 });
  await pool.warmUp(settings);
});
afterAll(async () => {
  await pool?.close();
});

async function expectUnavailable(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).code).toBe('tokenization_unavailable');
  expect((error as ServiceError).status).toBe(503);
  expect((error as ServiceError).message).toMatch(message);
}

/** A one-thread pool of its own for one test (warmed up unless told not to), closed afterwards. */
async function withOneThread(
  options: Pick<DetectionPoolOptions, 'maxInFlight' | 'taskTimeoutMs'>,
  use: (pool: DetectionPool) => Promise<void>,
  { warm = true } = {},
) {
  const own = DetectionPool.create({ modelDir: MODEL_DIR, intraOpNumThreads: 1, threads: 1, ...options });
  try {
    if (warm) await own.warmUp(settings);
    await use(own);
  } finally {
    await own.close();
  }
}

describe('detection pool', () => {
  it('loads the model in every thread and runs work off the main thread', async () => {
    expect(pool.ready).toBe(true);
    expect(pool.threadCount).toBe(2);
    const info = await pool.threadInfo();
    expect(info.threadId).not.toBe(threadId);
    expect(info.model).toEqual(expect.any(String));
  });

  it('detects across a batch with exact offsets', async () => {
    const texts = ['Email john.smith@example.com now', '', 'nothing here'];
    const [first, empty, none] = await pool.detect(texts, settings);
    const email = first!.find((s) => s.entity_type === 'EMAIL_ADDRESS');
    expect(email).toBeDefined();
    expect(texts[0]!.slice(email!.start, email!.end)).toBe('john.smith@example.com');
    expect(empty).toEqual([]);
    expect(none).toEqual([]);
  });

  it('keeps the event loop free while a large text is analysed', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    const [spans] = await pool.detect([bigText], settings);
    const elapsed = Date.now() - started;
    clearInterval(timer);
    expect(spans!.length).toBeGreaterThan(2_000);
    // If detection ran on this thread the timer could not fire at all until it finished.
    expect(ticks).toBeGreaterThan(Math.floor(elapsed / 5 / 4));
  });

  it('fails closed with 503 when saturated', async () => {
    await withOneThread({ maxInFlight: 1 }, async (small) => {
      const first = small.detect([bigText], settings);
      await expectUnavailable(small.detect(['x'], settings), /saturated/);
      await expect(first).resolves.toHaveLength(1);
    });
  });

  it('fails closed with 503 when a task times out', async () => {
    await withOneThread(
      { taskTimeoutMs: 5 },
      async (slow) => {
        await expectUnavailable(slow.detect([bigText], settings), /timed out/);
      },
      { warm: false },
    );
  });

  it('fails closed with 503 when tasks time out, running or waiting, and keeps the thread', async () => {
    await withOneThread({ taskTimeoutMs: 300 }, async (busy) => {
      // The first task holds the only thread for longer than the second may wait.
      const long = busy.detect([bigText], settings);
      long.catch(() => undefined); // asserted below
      const started = performance.now();
      await expectUnavailable(busy.detect(['Maria Rossi'], settings), /timed out/);
      expect(performance.now() - started).toBeLessThan(2_000);
      await expectUnavailable(long, /timed out/);
      // The thread was left to finish, not terminated mid-inference (which aborts the process).
      await vi.waitFor(
        async () => {
          const [spans] = await busy.detect(['Call Maria Rossi.'], settings);
          expect(spans!.map((s) => s.entity_type)).toContain('PERSON');
        },
        { timeout: 10_000, interval: 50 },
      );
    });
  });

  it('serves waiting tasks in arrival order', async () => {
    // One thread: tasks finish in the order they start, so the finish order shows the start order.
    await withOneThread({}, async (single) => {
      const finished: number[] = [];
      const texts = Array.from({ length: 12 }, (_, i) => `Call Maria Rossi (${i}) at +44 20 7946 0958.`);
      await Promise.all(texts.map((text, i) => single.detect([text], settings).then(() => finished.push(i))));
      expect(finished).toEqual(texts.map((_, i) => i));
    });
  });

  it('gives the same spans when calls that wait together share one model call', async () => {
    const texts = Array.from(
      { length: 10 },
      (_, i) => `Ticket ${i}: Maria Rossi (maria${i}@example.com) called from Milano about order ${i}.`,
    );
    const alone: Span[][][] = [];
    for (const text of texts) alone.push(await pool.detect([text], settings));
    // All at once: the ones that find the threads busy wait together and go in one call.
    const together = await Promise.all(texts.map((text) => pool.detect([text], settings)));
    expect(together).toEqual(alone);
  });

  it('never looks for one session’s known values in another call’s text', async () => {
    const known = [{ entity_type: 'PERSON', label: 'NAME', value: 'Oddny Haugtvedt' }];
    // A context the shipped model misses the name in, so only the session's known value can find it.
    const text = 'the Oddny Haugtvedt file';
    // Keep both threads busy so the two calls below wait together.
    const busy = [pool.detect([bigText], settings), pool.detect([bigText], settings)];
    const [withSession, without] = await Promise.all([
      pool.detect([text], settings, known),
      pool.detect([text], settings),
    ]);
    await Promise.all(busy);
    expect(withSession[0]!.map((s) => s.source)).toEqual(['known']);
    expect(without[0]!.filter((s) => s.source === 'known')).toEqual([]);
  });

  it('refuses to start without a model directory', () => {
    expect(() =>
      DetectionPool.create({ modelDir: 'models/does-not-exist', intraOpNumThreads: 1, threads: 1 }),
    ).toThrow(/no NER model at models\/does-not-exist/);
  });

  it('fails closed with 503 when the model cannot be loaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'broken-model-'));
    writeFileSync(join(dir, 'config.json'), '{"name": 1}');
    writeFileSync(join(dir, 'model.onnx'), 'not a model');
    const broken = DetectionPool.create({ modelDir: dir, intraOpNumThreads: 1, threads: 1 });
    try {
      await expectUnavailable(broken.warmUp(settings), /failed/);
      await expectUnavailable(broken.detect(['Maria Rossi'], settings), /failed/);
      expect(broken.ready).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
