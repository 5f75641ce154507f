/** Shared between the preload (test/setup.ts) and tests through globalThis, so both see one state. */
interface ConsoleErrorState {
  calls: unknown[][];
  allowed: boolean;
}

const key = Symbol.for('kwt.test.consoleError');
const g = globalThis as unknown as Record<symbol, ConsoleErrorState | undefined>;
export const consoleErrorState: ConsoleErrorState = (g[key] ??= { calls: [], allowed: false });

/** Let the current test write to console.error; returns what it wrote so far (a live array). */
export function allowConsoleError(): unknown[][] {
  consoleErrorState.allowed = true;
  return consoleErrorState.calls;
}
