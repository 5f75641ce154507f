import type { Db } from '../db/client';
import { createApiToken } from '../src/server/services/identity';
import { freshDb } from './db';
import { req, testApp, type TestApp } from './app';
import { makeWorld, type World } from './world';

/** The shop order API's tests (src/server/rest/api-v1): two tenants, an app, and an API token per person. */
export async function apiWorld() {
  const db: Db = await freshDb();
  const w: World = await makeWorld(db);
  const app: TestApp = testApp(db);
  const token = async (userId: string) => (await createApiToken(db, userId, 'shop')).token;
  const tokens = { A: await token(w.managerA.id), B: await token(w.managerB.id), rider: await token(w.riderA.user.id), admin: await token(w.admin.id) };
  return { db, w, app, tokens };
}
export type ApiWorld = Awaited<ReturnType<typeof apiWorld>>;

/** An answer's JSON, loosely: tests compare it with toMatchObject / toEqual. */
export type ApiJson = Record<string, unknown> & { id?: string; error?: { code: string; message: string; field?: string } };

let ipSeq = 0;

/** One call with a bearer token (or none), JSON in and out. */
export async function call(app: TestApp, method: string, path: string, opts: { token?: string; body?: unknown; key?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${++ipSeq % 250}`, ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.key !== undefined) headers['idempotency-key'] = opts.key;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const res = await req(app, path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: (text ? JSON.parse(text) : {}) as ApiJson };
}

const HOUR = 3_600_000;

/** A valid Kuwait order for company A (KWD), promised an hour from now. */
export function kuwaitOrder(over: Record<string, unknown> = {}) {
  return {
    customer: { name: 'Fatima Al-Sabah', phone: '+96550001234', language: 'ar' },
    pickup: { location: { lat: 29.3759, lng: 47.9774 }, address: { country: 'KW', governorate: 'capital', area: 'sharq', block: '2', street: 'Ahmad Al Jaber St', building: '14' } },
    dropoff: { location: { lat: 29.3375, lng: 48.0289 }, address: { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: 'Salem Al Mubarak St', building: '7' } },
    currency: 'KWD',
    fee: '1.250',
    cashToCollect: '7.500',
    promisedAt: new Date(Date.now() + HOUR).toISOString(),
    ...over,
  };
}

/** A valid Dubai order for company B (AED). */
export function dubaiOrder(over: Record<string, unknown> = {}) {
  return {
    customer: { name: 'Omar Saeed', phone: '+971501234567', language: 'en' },
    pickup: { location: { lat: 25.2048, lng: 55.2708 }, address: { country: 'AE', emirate: 'dubai', area: 'deira', building: 'Al Ghurair Centre' } },
    dropoff: { location: { lat: 25.0805, lng: 55.1403 }, address: { country: 'AE', emirate: 'dubai', area: 'dubai-marina', building: 'Marina Heights' } },
    currency: 'AED',
    fee: '12.50',
    promisedAt: new Date(Date.now() + HOUR).toISOString(),
    ...over,
  };
}
