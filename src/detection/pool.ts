import { Piscina } from 'piscina';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServiceError } from '../errors.js';
import type { DetectionEngineOptions } from './engine.js';
import type { DetectionSettings, Span } from './types.js';
import { balance, piecesOf, reassemble, SPLIT_MIN_CHARS } from './split-work.js';
import { FifoGate } from './fifo-gate.js';
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
  /** Tasks reach piscina in arrival order, never more than it has threads (see FifoGate). */
  private readonly gate: FifoGate;

  private constructor(
    private readonly piscina: Piscina,
    options: DetectionPoolOptions,
  ) {
    this.maxInFlight = options.maxInFlight ?? options.threads * 64;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 10_000;
    this.gate = new FifoGate(options.threads);
  }

  /**
   * One batch of texts on one thread; `signal` covers the wait for a thread and the run. A task
   * that runs out of time fails its caller but its thread is never terminated: terminating a
   * thread while onnxruntime runs aborts the whole process (`terminate called after throwing an
   * instance of 'Napi::Error'`). Detection work is bounded (linear recognizers, ReDoS-checked deny
   * patterns), so the thread comes back, and until then the gate counts it as busy.
   */
  private runTask(
    task: { texts: readonly string[]; settings: DetectionSettings; known: readonly KnownValue[] },
    signal: AbortSignal,
  ) {
    return this.gate.run(() => this.piscina.run(task) as Promise<Span[][]>, signal);
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
    // Counted in tasks, running or waiting: a task that timed out still holds its thread.
    if (this.gate.size >= this.maxInFlight) throw unavailable('detection is saturated');
    const signal = AbortSignal.timeout(this.taskTimeoutMs);
    try {
      const threads = this.piscina.options.maxThreads;
      const total = texts.reduce((n, t) => n + t.length, 0);
      if (threads < 2 || total < SPLIT_MIN_CHARS) {
        return await this.runTask({ texts, settings, known }, signal);
      }
      const pieces = piecesOf(texts, Math.ceil(total / threads));
      const groups = balance(pieces, threads);
      const results = await Promise.all(
        groups.map((group) => this.runTask({ texts: group.map((p) => p.text), settings, known }, signal)),
      );
      return reassemble(texts.length, groups.flat(), results.flat());
    } catch (error) {
      if (signal.aborted) throw unavailable('detection timed out', error);
      throw unavailable('detection failed', error);
    }
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
