import { afterEach, describe, expect, test } from 'bun:test';
import { cacheOwner, setCacheOwner } from './persist/owner';
import { fetchSession, SIGNED_IN_HINT_KEY } from './session';

/** A Map-backed localStorage (the unit tests run without a DOM). */
const items = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
  },
});

const realFetch = globalThis.fetch;
const answer = (status: number, body: unknown) => {
  globalThis.fetch = (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
};
const rider = { id: 'u-rider-1', role: 'rider', firstName: 'Rashid' };

afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

describe('fetchSession: only the server’s word signs out (issue 20, item 1)', () => {
  test('a user answer is the user, and this browser is marked signed in', async () => {
    answer(200, { result: { data: rider } });
    expect((await fetchSession())?.id).toBe('u-rider-1');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
  });

  test('a 401 is an answer: signed out, not a failure', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    answer(401, { error: { message: 'UNAUTHORIZED' } });
    expect(await fetchSession()).toBeNull();
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
  });

  test('auth.me answering null is signed out', async () => {
    answer(200, { result: { data: null } });
    expect(await fetchSession()).toBeNull();
  });

  test('a 5xx or no network is a failure (the caller decides), and leaves the signed-in hint alone', async () => {
    localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    answer(503, { error: { message: 'Service Unavailable' } });
    await expect(fetchSession()).rejects.toThrow('Service Unavailable');
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(fetchSession()).rejects.toThrow('Failed to fetch');
    expect(localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');
  });

  test('the kept cache of the same rider stays; another user, or no session, releases it', async () => {
    setCacheOwner('u-rider-1');
    answer(200, { result: { data: rider } });
    await fetchSession();
    expect(cacheOwner()).toBe('u-rider-1');
    localStorage.setItem('rider-app:u-rider-1:ledger', '{}');
    localStorage.setItem('rider-app:u-rider-2:ledger', '{}');
    answer(200, { result: { data: { ...rider, id: 'u-rider-2' } } });
    await fetchSession();
    expect(cacheOwner()).toBeNull();
    // The first rider's local state is gone before the answer is used; the new user's is not touched.
    expect(localStorage.getItem('rider-app:u-rider-1:ledger')).toBeNull();
    expect(localStorage.getItem('rider-app:u-rider-2:ledger')).toBe('{}');
    setCacheOwner('u-rider-1');
    answer(401, {});
    await fetchSession();
    expect(cacheOwner()).toBeNull();
  });
});
