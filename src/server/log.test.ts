import { afterEach, describe, expect, test } from 'bun:test';
import { configureLog, flushLog, log, redact, REDACTED, scrub } from './log';

const out: string[] = [];
const err: string[] = [];
const capture = () => {
  out.length = 0;
  err.length = 0;
  configureLog({ level: 'info', out: (c) => void out.push(c), err: (l) => void err.push(l) });
};
afterEach(() => configureLog({ level: 'info', out: (c) => void process.stdout.write(c), err: (l) => console.error(l) }));

describe('redact', () => {
  test('secret keys are replaced at any depth, other values kept', () => {
    const value = {
      email: 'a@b.c',
      password: 'hunter2',
      newPassword: 'x',
      headers: { Authorization: 'Bearer abc', cookie: 'kwt_session=zzz', 'x-api-key': 'k', 'content-type': 'json' },
      env: { DATABASE_AUTH_TOKEN: 'eyJ', DATABASE_URL: 'libsql://db.turso.io', GOOGLE_CLIENT_SECRET: 's', apiKey: 'a' },
      list: [{ token: 't', n: 1 }],
    };
    expect(redact(value)).toEqual({
      email: 'a@b.c',
      password: REDACTED,
      newPassword: REDACTED,
      headers: { Authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, 'content-type': 'json' },
      env: { DATABASE_AUTH_TOKEN: REDACTED, DATABASE_URL: 'libsql://db.turso.io', GOOGLE_CLIENT_SECRET: REDACTED, apiKey: REDACTED },
      list: [{ token: REDACTED, n: 1 }],
    });
  });

  test('credentials inside text are masked: URL passwords, bearer tokens, name=value pairs', () => {
    expect(scrub('connect smtp://user:p4ss@mail.example:587 failed')).toBe(`connect smtp://user:${REDACTED}@mail.example:587 failed`);
    expect(scrub('sent Authorization: Bearer eyJhbGciOi.x.y')).toBe(`sent Authorization: Bearer ${REDACTED}`);
    expect(scrub('GET /x?token=abc&page=2 password=hunter2;')).toBe(`GET /x?token=${REDACTED}&page=2 password=${REDACTED};`);
  });

  test('an Error keeps name, message, code and stack, scrubbed', () => {
    const e = Object.assign(new Error('login smtp://u:pw@h failed'), { code: 'ECONNREFUSED' });
    const r = redact(e) as Record<string, unknown>;
    expect(r).toMatchObject({ name: 'Error', message: `login smtp://u:${REDACTED}@h failed`, code: 'ECONNREFUSED' });
    expect(String(r.stack)).not.toContain('pw@');
  });
});

describe('log', () => {
  test('info goes to the buffered stdout writer as one JSON line; errors to stderr at once', () => {
    capture();
    log.info('hello', { a: 1, password: 'x' });
    expect(out).toEqual([]);
    flushLog();
    const line = JSON.parse(out.join('').trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', msg: 'hello', a: 1, password: REDACTED });
    expect(typeof line.time).toBe('string');
    log.error('boom', new Error('bad'));
    expect(err).toHaveLength(1);
    expect(JSON.parse(err[0]!)).toMatchObject({ level: 'error', msg: 'boom', err: { name: 'Error', message: 'bad' } });
  });

  test('the level filters: warn drops info, silent drops everything', () => {
    capture();
    configureLog({ level: 'warn' });
    log.info('no');
    log.warn('yes');
    flushLog();
    expect(out).toEqual([]);
    expect(err.map((l) => JSON.parse(l).msg)).toEqual(['yes']);
    configureLog({ level: 'silent' });
    log.error('no');
    expect(err).toHaveLength(1);
  });
});
