import { StreamingRestorer } from './streaming-restorer.js';
import type { TokenLookup } from './restore-text.js';

/** Restorers keyed by stream position (choice, block, tool call), created on first use. */
export class RestorerSet {
  private readonly restorers = new Map<string, StreamingRestorer>();
  private flushedRestored = 0;

  constructor(private readonly lookup: TokenLookup | null) {}

  /** Text to emit for a delta at `key`; unchanged when nothing is restored (tokens-only mode). */
  push(key: string, delta: string, jsonEscape = false): string {
    if (!this.lookup) return delta;
    let r = this.restorers.get(key);
    if (!r) {
      r = new StreamingRestorer(this.lookup, { jsonEscape });
      this.restorers.set(key, r);
    }
    return r.push(delta);
  }

  /** Everything held at `key`, and forgets the key. */
  flush(key: string): string {
    const r = this.restorers.get(key);
    if (!r) return '';
    this.restorers.delete(key);
    const text = r.flush();
    this.flushedRestored += r.restored;
    return text;
  }

  /** Keys still holding state whose name starts with `prefix`, in creation order. */
  keys(prefix = ''): string[] {
    return [...this.restorers.keys()].filter((k) => k.startsWith(prefix));
  }

  restoredCount(): number {
    let live = 0;
    for (const r of this.restorers.values()) live += r.restored;
    return this.flushedRestored + live;
  }
}
