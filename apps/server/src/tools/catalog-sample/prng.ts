// Seeded randomness so that the generated catalog is byte-for-byte reproducible: every choice is
// drawn from a PRNG seeded by a hash of what it is about (series id, model id, parameter name).

/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, fast PRNG with good enough statistics for sample data. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [0, 1) determined only by the given key parts. */
export function unit(...parts: readonly (string | number)[]): number {
  return mulberry32(hashString(parts.join('|')))();
}

/** Picks an item deterministically by key. */
export function pick<T>(items: readonly T[], ...parts: readonly (string | number)[]): T {
  const item = items[Math.floor(unit(...parts) * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Deterministic shuffle-and-take of `count` distinct items. */
export function sample<T>(items: readonly T[], count: number, ...parts: readonly (string | number)[]): T[] {
  const next = mulberry32(hashString(parts.join('|')));
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}
