import { describe, expect, test } from 'bun:test';
import { parseEnv } from './env';

/** DATABASE_* settings for every mode (docs/deploy.md): a bad value stops start-up with a message naming it. */
describe('database settings', () => {
  test('an embedded file', () => {
    const env = parseEnv({ DATABASE_URL: 'file:/data/kwt-delivery.db' });
    expect([env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, env.DATABASE_SYNC_URL]).toEqual(['file:/data/kwt-delivery.db', undefined, undefined]);
  });

  test('Turso over libsql:// with its token; a Turso URL without a token is refused', () => {
    const env = parseEnv({ DATABASE_URL: 'libsql://kwt-delivery-acme.turso.io', DATABASE_AUTH_TOKEN: 'eyJhbGciOiJFZERTQSJ9.x.y' });
    expect([env.DATABASE_URL, env.DATABASE_AUTH_TOKEN]).toEqual(['libsql://kwt-delivery-acme.turso.io', 'eyJhbGciOiJFZERTQSJ9.x.y']);
    expect(() => parseEnv({ DATABASE_URL: 'libsql://kwt-delivery-acme.turso.io' })).toThrow(
      'Invalid environment configuration:\n  DATABASE_AUTH_TOKEN: is needed for a Turso DATABASE_URL (turso db tokens create <db>)',
    );
  });

  test('a self-hosted libSQL server over http(s):// or ws(s)://, a token optional', () => {
    for (const url of ['http://127.0.0.1:8080', 'https://db.internal.example', 'ws://127.0.0.1:8080', 'wss://db.internal.example', 'libsql://sqld.internal:8080']) {
      expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  test('an embedded replica: a local file synced from the primary every DATABASE_SYNC_INTERVAL seconds', () => {
    const env = parseEnv({
      DATABASE_URL: 'file:/data/replica.db',
      DATABASE_SYNC_URL: 'libsql://kwt-delivery-acme.turso.io',
      DATABASE_AUTH_TOKEN: 'tok',
      DATABASE_SYNC_INTERVAL: '15',
    });
    expect([env.DATABASE_URL, env.DATABASE_SYNC_URL, env.DATABASE_SYNC_INTERVAL]).toEqual(['file:/data/replica.db', 'libsql://kwt-delivery-acme.turso.io', 15]);
    expect(parseEnv({ DATABASE_URL: 'file:/data/replica.db', DATABASE_SYNC_URL: 'http://127.0.0.1:8080' }).DATABASE_SYNC_INTERVAL).toBe(5);
  });

  test.each([
    [{ DATABASE_URL: 'postgres://db' }, 'DATABASE_URL: must start with file:, libsql:, http(s): or ws(s):'],
    [{ DATABASE_URL: 'libsql:' }, 'DATABASE_URL: must name a file (file:path) or a server (libsql://host)'],
    [{ DATABASE_URL: 'file:' }, 'DATABASE_URL: must name a file (file:path) or a server (libsql://host)'],
    [{ DATABASE_URL: 'libsql://a.turso.io', DATABASE_AUTH_TOKEN: 't', DATABASE_SYNC_URL: 'libsql://a.turso.io' }, 'DATABASE_SYNC_URL: needs DATABASE_URL to be the local replica file (file:/path/to/replica.db)'],
    [{ DATABASE_URL: 'file::memory:', DATABASE_SYNC_URL: 'http://127.0.0.1:8080' }, 'DATABASE_SYNC_URL: needs DATABASE_URL to be the local replica file (file:/path/to/replica.db)'],
    [{ DATABASE_URL: 'file:/data/r.db', DATABASE_SYNC_URL: 'libsql://a.turso.io' }, 'DATABASE_AUTH_TOKEN: is needed with a libsql:// DATABASE_SYNC_URL (the Turso database token)'],
    [{ DATABASE_SYNC_URL: 'ftp://x' }, 'DATABASE_SYNC_URL: must be a libsql://, http(s):// or ws(s):// URL of the primary database'],
    [{ DATABASE_SYNC_INTERVAL: 'soon' }, 'DATABASE_SYNC_INTERVAL:'],
    [{ DATABASE_SYNC_INTERVAL: '1.5' }, 'DATABASE_SYNC_INTERVAL: must be a whole number of seconds'],
    [{ DATABASE_SYNC_INTERVAL: '0' }, 'DATABASE_SYNC_INTERVAL:'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL:'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS:'],
  ])('%p is refused naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  test('operations defaults: info logs, a 10 s drain', () => {
    const env = parseEnv({});
    expect([env.LOG_LEVEL, env.SHUTDOWN_TIMEOUT_MS, env.DATABASE_SYNC_INTERVAL]).toEqual(['info', 10_000, 5]);
  });
});
