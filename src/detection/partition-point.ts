/**
 * Binary search: the index of the first item for which `isBefore` is false, in `items` ordered so that
 * every item it holds for comes first (`items.length` when it holds for all).
 */
export function partitionPoint<T>(items: readonly T[], isBefore: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (isBefore(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
