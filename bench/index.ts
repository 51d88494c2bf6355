// Benchmarks live in bench/<name>/run.ts; see README.md.
export {};
