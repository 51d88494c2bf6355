/** Escapes LIKE/ILIKE wildcards so user text matches literally (the default escape character is \\). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
