import JSONbig from 'json-bigint';

const parser = JSONbig({ storeAsString: true });

// json-bigint turns every number literal longer than 15 characters into a string. Such a literal
// needs a run of at least 15 number characters starting with a digit; text without one (most
// responses, e.g. the car configurations) parses identically, and ~20× faster, with JSON.parse.
const LONG_NUMBER_RUN = /\d[\d.eE+-]{14,}/;

/** JSON.parse that keeps integers beyond 2^53 as strings instead of rounding them. */
export function parseJsonKeepingBigInts(text: string): unknown {
  return LONG_NUMBER_RUN.test(text) ? parser.parse(text) : (JSON.parse(text) as unknown);
}
