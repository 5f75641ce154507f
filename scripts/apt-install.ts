/**
 * Installs a Debian package that a script needs and the machine lacks, with apt-get, as root or
 * through `sudo -n` (never a password prompt). Used by ensure-chromium.ts and test-moved-clock.ts.
 */

/** Runs `apt-get update` and `apt-get install -y <pkg>`; true when both succeed and `present()` then holds. */
export function aptInstall(pkg: string, present: () => boolean): boolean {
  const isRoot = process.getuid?.() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const run = (cmd: string[]) => Bun.spawnSync([...sudo, ...cmd], { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const ok = run(['apt-get', 'update', '-qq']).exitCode === 0 && run(['apt-get', 'install', '-y', '-qq', pkg]).exitCode === 0;
  return ok && present();
}
