import { afterAll, expect, test } from 'bun:test';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A user + network namespace with no interfaces: any fetch of traineddata would fail there. */
const canBlockNetwork = spawnSync('unshare', ['-rn', 'true']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'kwt-ocr-net-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.skipIf(!canBlockNetwork)('OCR works with the network removed (traineddata comes from the npm package)', () => {
  const png = join(dir, 'odo.png');
  execFileSync('/usr/bin/convert', ['-size', '600x160', 'xc:white', '-font', 'DejaVu-Sans-Mono', '-pointsize', '96', '-fill', 'black', '-annotate', '+20+120', '084512', png]);
  const script = join(dir, 'run.ts');
  writeFileSync(
    script,
    `import { readFileSync } from 'node:fs';
import { recognize, shutdownOcr } from ${JSON.stringify(resolve(import.meta.dir, 'engine.ts'))};
console.log(JSON.stringify(await recognize(readFileSync(${JSON.stringify(png)}), { digitsOnly: true })));
await shutdownOcr();
`,
  );
  const run = spawnSync('unshare', ['-rn', process.execPath, script], { encoding: 'utf8', timeout: 30_000 });
  expect(run.status).toBe(0);
  expect(JSON.parse(run.stdout.trim().split('\n').pop()!).text.trim()).toBe('084512');
});
