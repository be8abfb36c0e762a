/** At most `limit` items, evenly spread over the list, so a quick run still sees every language of a set. */
export function spreadSample<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)] as T);
}
