/**
 * `bun test` for the unit and API suite, run once more only when the Bun runtime itself crashed
 * (killed by SIGSEGV, SIGBUS or SIGABRT: "Bun has crashed. This indicates a bug in Bun"). Bun 1.4.5
 * crashed once in many runs while tesseract.js workers and sharp (native) were busy in the same
 * process. A failing test is never retried: its exit code is returned as it is.
 */
const CRASH_SIGNALS = new Set(['SIGSEGV', 'SIGBUS', 'SIGABRT', 'SIGILL']);
const args = ['test', '--timeout', '20000', ...process.argv.slice(2)];

function run() {
  const child = Bun.spawnSync([process.execPath, ...args], { stdio: ['inherit', 'inherit', 'inherit'] });
  return { code: child.exitCode, signal: child.signalCode == null ? null : String(child.signalCode) };
}

/** 128 + the signal number, when a shell reports the crash as an exit code. */
const CRASH_CODES = new Set([132, 134, 135, 139]);
const crashed = (r: ReturnType<typeof run>) => (r.signal !== null && CRASH_SIGNALS.has(r.signal)) || (r.code !== null && CRASH_CODES.has(r.code));

let result = run();
if (crashed(result)) {
  console.error(`\nThe Bun runtime crashed (${result.signal ?? `exit ${result.code}`}), not a test: running the suite once more.\n`);
  result = run();
}
process.exit(result.code ?? 1);
