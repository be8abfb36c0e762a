/** How much one job may carry. */
export interface BatchLimits {
  maxItems: number;
  /** Estimated bytes (see `sizeOf`); an item larger than this still goes out, alone. */
  maxBytes: number;
}

interface Waiting<Item> {
  item: Item;
  size: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Puts queue items into as few jobs as possible without holding any back (group commit): an item
 * pushed while no add is under way goes out at once, alone; items pushed while one is under way
 * wait for it, then go out together as the next job. Each push resolves once Redis acknowledged the
 * job holding its item, or rejects with that add's error, so callers keep the guarantee they had
 * with one job per item. At one call at a time nothing changes; under load, each job costs the
 * worker and Redis the same whether it holds one item or a hundred.
 */
export class JobBatcher<Item> {
  private waiting: Waiting<Item>[] = [];
  private adding: Promise<void> | null = null;

  constructor(
    private readonly addJob: (items: Item[]) => Promise<unknown>,
    private readonly limits: BatchLimits,
    private readonly sizeOf: (item: Item) => number,
  ) {}

  push(item: Item): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, size: this.sizeOf(item), resolve, reject });
      if (!this.adding) this.adding = this.addAll();
    });
  }

  /** Resolves when every item pushed so far has been added (or failed). */
  async drained(): Promise<void> {
    while (this.adding) await this.adding;
  }

  private async addAll(): Promise<void> {
    while (this.waiting.length) {
      const batch = this.takeBatch();
      try {
        await this.addJob(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.adding = null;
  }

  private takeBatch(): Waiting<Item>[] {
    let count = 0;
    let bytes = 0;
    for (const w of this.waiting) {
      if (count > 0 && (count >= this.limits.maxItems || bytes + w.size > this.limits.maxBytes)) break;
      count++;
      bytes += w.size;
    }
    return this.waiting.splice(0, count);
  }
}
