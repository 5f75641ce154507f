/**
 * Hot reload for both ends: the API under `bun --hot` on API_PORT (3000) and
 * Vite's dev server on 5173, which proxies /api to it. Open http://localhost:5173.
 */
const apiPort = process.env.API_PORT ?? '3000';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, SKIP_BUILD: 'true', NODE_ENV: 'development' };

const api = Bun.spawn([process.execPath, '--hot', 'src/server/index.ts'], { env, stdout: 'inherit', stderr: 'inherit' });
const web = Bun.spawn([process.execPath, 'x', '--bun', 'vite'], { env, stdout: 'inherit', stderr: 'inherit' });

const stop = () => {
  api.kill();
  web.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.race([api.exited, web.exited]);
stop();
export {};
