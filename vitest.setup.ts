import fc from 'fast-check';

// Every property test runs from one seed: fast-check prints it when a property fails, and
// `FC_SEED=<seed> npx vitest run <file>` replays that run exactly. Without FC_SEED fast-check
// draws a fresh seed per property, as it does by default.
const seed = process.env.FC_SEED;
if (seed) {
  if (!/^-?\d+$/.test(seed)) throw new Error(`FC_SEED must be an integer, got "${seed}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: Number(seed) });
}
