// json-bigint refuses (throws on) any key containing `__proto__` or `constructor`: the server
// never sends such keys, so a response with one is refused rather than risk prototype tricks.
// It loads (with bignumber.js, about 10 KiB gzip) only when a response needs it: ids travel as
// strings, so most never do (docs/decisions/033-a-first-load-without-antd.md).
let parser: Promise<{ parse(text: string): unknown }> | null = null;
const bigIntParser = () =>
  (parser ??= import('json-bigint').then((m) => m.default({ storeAsString: true }))).catch((e: unknown) => {
    parser = null;
    throw e;
  });

// json-bigint turns every number literal longer than 15 characters into a string. Such a literal
// is a run of at least 15 number characters starting with a digit, right after `:`, `[` or `,` (or
// at the start); ids inside strings ("orderId":"1890…") do not count. Text without one (most
// responses: ids travel as strings) parses identically, and ~20× faster, with JSON.parse.
const LONG_NUMBER_RUN = /(?:^|[:[,])\s*-?\d[\d.eE+-]{14,}/;
// Text that may hold a forbidden key (also spelt with \u escapes) goes to json-bigint too, so
// both paths refuse the same keys.
const SUSPECT_KEY = /__proto__|constructor|\\u/;

/**
 * JSON.parse that keeps integers beyond 2^53 as strings instead of rounding them, and throws on
 * keys containing `__proto__` or `constructor`.
 */
export async function parseJsonKeepingBigInts(text: string): Promise<unknown> {
  return LONG_NUMBER_RUN.test(text) || SUSPECT_KEY.test(text)
    ? (await bigIntParser()).parse(text)
    : (JSON.parse(text) as unknown);
}
