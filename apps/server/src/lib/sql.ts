/** Escapes LIKE/ILIKE wildcards so user text matches literally (the default escape character is \\). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `items` in parts of `size`: a multi-row statement stays under PostgreSQL's 65,535 parameters
 * however many rows a set-based write is given.
 */
export const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
