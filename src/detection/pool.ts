import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceError } from '../errors.js';
import type { DetectionEngineOptions } from './engine.js';
import type { DetectionSettings, Span } from './types.js';
import { balance, piecesOf, reassemble, SPLIT_MIN_CHARS } from './split-work.js';
import { BatchingQueue, type BatchLimits } from './batching-queue.js';
import type { KnownValue } from './known-values.js';

export interface DetectionPoolOptions extends DetectionEngineOptions {
  threads: number;
  /**
   * Tasks admitted at once (running + queued). Beyond it callers get 503 at once instead of
   * waiting behind a queue they cannot see the end of.
   */
  maxInFlight?: number;
  /** A task (one batch of texts) that takes longer than this fails closed. */
  taskTimeoutMs?: number;
}

const WORKER_FILE = fileURLToPath(new URL('./pool-worker.js', import.meta.url));

interface DetectTask {
  texts: readonly string[];
  settings: DetectionSettings;
  known: readonly KnownValue[];
}

/**
 * Tasks waiting together with equal settings share one model call, up to this much: batching four
 * 1 KB prompts into one call cut the time per prompt by 15–30% (2 threads, 2026-11-22).
 */
const BATCH_LIMITS: BatchLimits = { maxTasks: 16, maxSize: 32_768 };

// A tenant's settings object is reused across its calls (key record cache), so its key is computed once.
const settingsKeys = new WeakMap<DetectionSettings, string>();
function settingsKey(settings: DetectionSettings): string {
  let key = settingsKeys.get(settings);
  if (key === undefined) {
    key = JSON.stringify(settings);
    settingsKeys.set(settings, key);
  }
  return key;
}

/**
 * Aborts with a TimeoutError after `ms` unless cleared first. Not `AbortSignal.timeout`: that keeps
 * its signal and timer for the whole timeout and fires it after every call, long after the call
 * ended (~15 µs a call, and a DOMException with a stack 10 s later).
 */
function deadlineSignal(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

function unavailable(message: string, cause?: unknown): ServiceError {
  return new ServiceError('tokenization_unavailable', message, { cause });
}

/**
 * Detection off the event loop: a piscina pool, one loaded model per thread. Saturation, timeouts
 * and thread failures all surface as `tokenization_unavailable` so no caller ever forwards or
 * returns text that was not checked.
 */
export class DetectionPool {
  private loaded = false;
  private readonly maxInFlight: number;
  private readonly taskTimeoutMs: number;
  /** Tasks reach piscina in arrival order, never more runs than it has threads (see BatchingQueue). */
  private readonly queue: BatchingQueue<DetectTask, Span[][]>;

  private constructor(
    private readonly piscina: Piscina,
    options: DetectionPoolOptions,
  ) {
    this.maxInFlight = options.maxInFlight ?? options.threads * 64;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 10_000;
    this.queue = new BatchingQueue(options.threads, (tasks) => this.runBatch(tasks), BATCH_LIMITS);
  }

  /**
   * One task on one thread, possibly sharing the run with others; `signal` covers the wait for a
   * thread and the run. A task that runs out of time fails its caller but its thread is never
   * terminated: terminating a thread while onnxruntime runs aborts the whole process (`terminate
   * called after throwing an instance of 'Napi::Error'`). Detection work is bounded (linear
   * recognizers, ReDoS-checked deny patterns), so the thread comes back, and until then the queue
   * counts it as busy.
   */
  private runTask(task: DetectTask, signal: AbortSignal, batchable: boolean) {
    // Only tasks with equal settings and no session values share a run: one session's values must
    // never be looked for in another's text.
    const key = batchable && task.known.length === 0 ? settingsKey(task.settings) : null;
    const size = task.texts.reduce((n, t) => n + t.length, 0);
    return this.queue.submit(task, { key, size, signal });
  }

  /** Several tasks' texts go to the thread as one task (one model call) and come back apart. */
  private async runBatch(tasks: DetectTask[]): Promise<Span[][][]> {
    if (tasks.length === 1) return [(await this.piscina.run(tasks[0])) as Span[][]];
    const merged: DetectTask = {
      texts: tasks.flatMap((t) => t.texts),
      settings: tasks[0]!.settings,
      known: [],
    };
    const spans = (await this.piscina.run(merged)) as Span[][];
    let at = 0;
    return tasks.map((t) => spans.slice(at, (at += t.texts.length)));
  }

  /** Throws at once when the model directory is missing, so a misconfigured start fails plainly. */
  static create(options: DetectionPoolOptions): DetectionPool {
    for (const file of ['config.json', 'model.onnx']) {
      if (!existsSync(join(options.modelDir, file))) {
        throw new Error(
          `no NER model at ${options.modelDir} (missing ${file}); set SERVICE_MODEL_DIR to a model directory`,
        );
      }
    }
    const { threads, maxInFlight: _m, taskTimeoutMs: _t, ...engineOptions } = options;
    const piscina = new Piscina({
      filename: WORKER_FILE,
      minThreads: threads,
      maxThreads: threads,
      // Threads hold a loaded model: never let them idle out and reload.
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData: engineOptions,
      // A thread's young generation grows to about 40 MB of committed heap that holds nothing once
      // the model has loaded; capped at 4 MB, a 2-thread pool's peak RSS is about 30 MiB lower at
      // the same throughput (docs/benchmarks.md).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    return new DetectionPool(piscina, options);
  }

  /** Resolves once every thread has loaded its model (runs one tiny task per thread). */
  async warmUp(settings: DetectionSettings): Promise<void> {
    const threads = this.piscina.options.maxThreads;
    try {
      await Promise.all(
        Array.from({ length: threads }, () => this.piscina.run({ texts: ['warm up'], settings })),
      );
    } catch (error) {
      throw unavailable('detection failed to load its model', error);
    }
    this.loaded = true;
  }

  get ready(): boolean {
    return this.loaded;
  }

  get threadCount(): number {
    return this.piscina.threads.length;
  }

  /**
   * Detects over a batch. A large batch (or one long text, cut into overlapping pieces) is spread
   * over the threads and put back together, so one call uses every core.
   */
  async detect(
    texts: readonly string[],
    settings: DetectionSettings,
    known: readonly KnownValue[] = [],
  ): Promise<Span[][]> {
    if (texts.length === 0) return [];
    // Waiting tasks plus runs under way: a run whose tasks timed out still holds its thread.
    if (this.queue.queued + this.queue.active >= this.maxInFlight)
      throw unavailable('detection is saturated');
    const deadline = deadlineSignal(this.taskTimeoutMs);
    const { signal } = deadline;
    try {
      const spans = await this.runOnThreads(texts, settings, known, signal);
      // Every task has settled. After a failure the timer runs on, so the waiting pieces of a
      // split call leave the line at the deadline.
      deadline.clear();
      return spans;
    } catch (error) {
      if (signal.aborted) throw unavailable('detection timed out', error);
      throw unavailable('detection failed', error);
    }
  }

  /** One task, or pieces of the texts spread over the threads when they are long enough. */
  private async runOnThreads(
    texts: readonly string[],
    settings: DetectionSettings,
    known: readonly KnownValue[],
    signal: AbortSignal,
  ): Promise<Span[][]> {
    const threads = this.piscina.options.maxThreads;
    const total = texts.reduce((n, t) => n + t.length, 0);
    if (threads < 2 || total < SPLIT_MIN_CHARS) {
      return this.runTask({ texts, settings, known }, signal, true);
    }
    const pieces = piecesOf(texts, Math.ceil(total / threads));
    const groups = balance(pieces, threads);
    const results = await Promise.all(
      groups.map((group) =>
        this.runTask({ texts: group.map((p) => p.text), settings, known }, signal, false),
      ),
    );
    return reassemble(texts.length, groups.flat(), results.flat());
  }

  /** The thread that runs tasks and the model it loaded (diagnostics and tests). */
  async threadInfo(): Promise<{ threadId: number; model: string }> {
    return (await this.piscina.run(null, { name: 'threadInfo' })) as { threadId: number; model: string };
  }

  /** Waits for running tasks (a thread must not be terminated mid-inference, see `runTask`). */
  async close(): Promise<void> {
    await this.piscina.close();
  }
}
