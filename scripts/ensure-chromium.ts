/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium), never a downloaded
 * browser. Install it with apt-get when it is missing and we are allowed to.
 */
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.log(`Chromium not found at ${path}: installing Debian's chromium package...`);
  if (!aptInstall('chromium', () => existsSync(path))) {
    console.error('Could not install Chromium. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).');
    process.exit(1);
  }
}
