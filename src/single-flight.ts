/**
 * Concurrent callers asking for the same key share one in-flight lookup, so a cache miss under load
 * costs one query instead of one per request.
 */
export class SingleFlight<V> {
  private readonly inflight = new Map<string, Promise<V>>();

  run(key: string, load: () => Promise<V>): Promise<V> {
    const running = this.inflight.get(key);
    if (running) return running;
    const promise = load().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }
}
