/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD' (publishTime is shown as a date: docs/product.md#4-entities). */
export const dateOnly = (t: string) => t.slice(0, 10);
