/**
 * Starts at most `limit` jobs at once, strictly in arrival order.
 *
 * Why not piscina's own queue: a task that carries an abort signal and finds every thread busy goes
 * to piscina's skip queue, and each time a thread frees up the task behind the one it takes is
 * moved to the back of that queue. Under load that reorders tasks, and a few wait several times as
 * long as the rest (p99 twice the p50 in a closed loop of equal tasks). Holding the tasks here and
 * handing piscina only as many as it has threads keeps its queue empty.
 *
 * A signal that aborts rejects the caller at once. A waiting job leaves the line; a running one
 * keeps its slot until it really ends, since its thread is still busy.
 */
export class FifoGate {
  private readonly waiting: (() => void)[] = [];
  private running = 0;

  constructor(private readonly limit: number) {}

  run<T>(job: () => Promise<T>, signal: AbortSignal): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        job()
          .then(resolve, reject)
          .finally(() => {
            signal.removeEventListener('abort', onAbort);
            this.running--;
            this.next();
          });
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(start);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
      this.next();
    });
  }

  /** Jobs running or waiting. */
  get size(): number {
    return this.running + this.waiting.length;
  }

  /** Jobs waiting for a free slot. */
  get queued(): number {
    return this.waiting.length;
  }

  private next() {
    while (this.running < this.limit && this.waiting.length) this.waiting.shift()!();
  }
}
