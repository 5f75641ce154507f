/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium), never a downloaded
 * browser. Install it with apt-get when it is missing and we are allowed to.
 */
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  console.log(`Chromium not found at ${path}: installing Debian's chromium package...`);
  const run = (cmd: string[]) => Bun.spawnSync([...sudo, ...cmd], { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const ok = run(['apt-get', 'update', '-qq']).exitCode === 0 && run(['apt-get', 'install', '-y', '-qq', 'chromium']).exitCode === 0;
  if (!ok || !existsSync(path)) {
    console.error('Could not install Chromium. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
    process.exit(1);
  }
}
