import JSONbig from 'json-bigint';

const parser = JSONbig({ storeAsString: true });

/** JSON.parse that keeps integers beyond 2^53 as strings instead of rounding them. */
export function parseJsonKeepingBigInts(text: string): unknown {
  return parser.parse(text);
}
