import { SingleFlight } from './single-flight.js';

// Key records may be cached in-process for at most 5 s (DESIGN 1): that bound is what makes a
// revocation, a rotation or a crypto-shred effective on every api process within 5 s.
const TTL_MS = 5_000;
// Bounded so a flood of distinct bogus keys cannot grow memory.
const MAX_ENTRIES = 10_000;

/**
 * The in-process cache for key records (credentials, provider keys, tenant keys): entries live at
 * most 5 s, at most 10,000 are kept, and concurrent misses on one key share one lookup.
 */
export class KeyRecordCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  private readonly lookups = new SingleFlight<V>();

  /** The cached value while fresh; otherwise `load`'s, remembered. */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    return this.lookups.run(key, async () => {
      const value = await load();
      this.remember(key, value);
      return value;
    });
  }

  /** Forget entries now (this process only; other processes catch up within the TTL). */
  forget(matches: (key: string) => boolean = () => true): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }

  private remember(key: string, value: V) {
    const now = Date.now();
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, entry] of this.entries) if (now - entry.at >= TTL_MS) this.entries.delete(k);
      // Still full: drop the oldest (a Map keeps insertion order).
      for (const k of this.entries.keys()) {
        if (this.entries.size < MAX_ENTRIES) break;
        this.entries.delete(k);
      }
    }
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
  }
}
