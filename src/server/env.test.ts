import { describe, expect, test } from 'bun:test';
import { parseEnv } from './env';

describe('parseEnv', () => {
  test('defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.DATABASE_URL).toBe('file:./data/kwt-delivery.db');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.AED_TO_KWD_RATE).toBe(0.0835);
  });

  test('empty strings count as unset', () => {
    expect(parseEnv({ PORT: '' }).PORT).toBe(3000);
  });

  test('a bad PORT stops start-up with a message naming PORT', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/Invalid environment configuration:\n {2}PORT: /);
  });

  test('other bad settings name themselves', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL: must start with file:, libsql:, http\(s\): or ws\(s\):/);
    expect(() => parseEnv({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  test('booleans and numbers are parsed', () => {
    const env = parseEnv({ PORT: '8080', SEED_DEMO: 'false', TRUST_PROXY: 'true', DATABASE_URL: 'libsql://db.turso.io', DATABASE_AUTH_TOKEN: 'tok' });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DATABASE_URL).toBe('libsql://db.turso.io');
  });

  test('assistant and mail settings', () => {
    const env = parseEnv({});
    expect([env.ANTHROPIC_API_KEY, env.ANTHROPIC_MODEL, env.AI_TIMEOUT_MS, env.CHAT_MAX_PER_MINUTE]).toEqual([undefined, 'claude-sonnet-5-5', 30_000, 20]);
    expect([env.SMTP_URL, env.SALES_INBOX, env.SMTP_TIMEOUT_MS]).toEqual([undefined, 'sales@kwtdelivery.com', 10_000]);
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe('smtps://u:p@mail.example.com:465');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ SALES_INBOX: 'sales' })).toThrow(/SALES_INBOX/);
    expect(() => parseEnv({ ANTHROPIC_MODEL: 'claude sonnet' })).toThrow(/ANTHROPIC_MODEL/);
    expect(() => parseEnv({ AI_TIMEOUT_MS: '10' })).toThrow(/AI_TIMEOUT_MS/);
  });

  test('demo seeding: on by default, off by default in production, and refused there when asked for', () => {
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      'SEED_DEMO: must not be true in production (it creates the demo accounts, whose password is public)',
    );
  });
});
