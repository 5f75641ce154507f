import { test } from 'bun:test';
import fc from 'fast-check';

/**
 * One seed for every fuzz file, so a failure replays: `FUZZ_SEED=123 bun test fuzz`.
 * (Test code, not server code: the rule that only src/server/env.ts reads the environment is the server's.)
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Runs per property are multiplied by FUZZ_SCALE (default 1) for a longer hunt: `FUZZ_SCALE=20 bun test fuzz`. */
export const FUZZ_SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1) || 1);
/** `test` with a time limit that grows with FUZZ_SCALE (the suite's 20 s at scale 1, where each fuzz test takes under 2 s). */
export const fuzzTest = (name: string, fn: () => Promise<void>) => test(name, fn, 20_000 * FUZZ_SCALE);

/** fast-check parameters for a property of `numRuns` runs; failures name the seed and the path to replay. */
export function fuzzParams<T>(numRuns: number): fc.Parameters<T> {
  return {
    seed: FUZZ_SEED,
    numRuns: numRuns * FUZZ_SCALE,
    endOnFailure: true,
    // Counterexamples hold megabyte strings: keep the report readable.
    reporter: (out) => {
      if (!out.failed) return;
      const report = fc.defaultReportMessage(out) ?? 'property failed';
      throw new Error(report.length > 3000 ? `${report.slice(0, 3000)}… (${report.length} characters)` : report, { cause: out.errorInstance });
    },
  };
}


let printed = false;
/** Print the seed once per process, so a red run in CI can be replayed locally. */
export function announceSeed(): void {
  if (printed) return;
  printed = true;
  console.info(`fuzz seed ${FUZZ_SEED}${FUZZ_SCALE > 1 ? `, runs ×${FUZZ_SCALE}` : ''} (replay: FUZZ_SEED=${FUZZ_SEED}${FUZZ_SCALE > 1 ? ` FUZZ_SCALE=${FUZZ_SCALE}` : ''} bun test fuzz)`);
}
