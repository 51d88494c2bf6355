/** Escapes LIKE/ILIKE wildcards so user text matches literally (the default escape character is \\). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `items` in parts of `size`. */
export const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Rows per multi-row statement: well under PostgreSQL's 65,535 parameters at a dozen columns. */
export const ROWS_PER_STATEMENT = 1_000;

/**
 * A set-based write of any size: `statement` runs on `items` in parts of ROWS_PER_STATEMENT, one
 * after another; the rows the parts return, in order (none for a statement that returns nothing).
 */
export async function inParts<T, R = never>(
  items: T[],
  statement: (part: T[]) => Promise<R[] | void>,
): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(items, ROWS_PER_STATEMENT)) out.push(...((await statement(part)) ?? []));
  return out;
}
