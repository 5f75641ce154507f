import { afterAll, afterEach, beforeEach } from 'bun:test';
import { consoleErrorState } from './console';
import { removeTestDbs } from './db';

/**
 * Preloaded by bunfig.toml: a test fails on an unexpected console.error.
 * A test that expects one calls `allowConsoleError()` from test/console.ts.
 */
const original = console.error;

beforeEach(() => {
  consoleErrorState.calls = [];
  consoleErrorState.allowed = false;
  console.error = (...args: unknown[]) => {
    consoleErrorState.calls.push(args);
  };
});

afterEach(() => {
  console.error = original;
  const { calls, allowed } = consoleErrorState;
  consoleErrorState.calls = [];
  if (calls.length && !allowed) {
    const text = calls.map((args) => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ')).join('\n');
    throw new Error(`Unexpected console.error:\n${text}`);
  }
});

// In a preload, afterAll runs once after every test file has finished.
afterAll(() => removeTestDbs());
