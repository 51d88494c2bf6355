/**
 * Totals of recent searches, kept for a few seconds: counting tens of thousands of matches costs
 * more than fetching the page, and a total a few seconds old is fine for "共 N 辆". Page rows are
 * always read live.
 */
export function createCountCache(ttlMs: number, now: () => number, maxEntries = 2000) {
  const entries = new Map<string, { total: number; at: number }>();
  return {
    async get(key: string, count: () => Promise<number>): Promise<number> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.total;
      const total = await count();
      entries.delete(key);
      entries.set(key, { total, at: now() });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return total;
    },
    clear: () => entries.clear(),
  };
}
