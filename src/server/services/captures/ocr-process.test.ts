import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { freshWorldApp, req, loginWorld, type WorldCookies } from '../../../../test/app';
import { textLines } from '../../../../test/fixtures/ocr/draw';
import { fixtureBytes, loadManifest } from '../../../../test/fixtures/ocr/manifest';
import { shutdownOcr } from '../../ocr/engine';
import { processImage } from './ocr-process';

const { db, w, app } = await freshWorldApp();
const img: Record<'odometer' | 'receipt' | 'cashAed' | 'blank', Uint8Array> = {} as never;
let cookie: WorldCookies;

beforeAll(async () => {
  // Drawn in-process (sharp: SVG text in the DejaVu fonts), so no test needs ImageMagick.
  img.odometer = await textLines(600, 160, [[120, '084512']], 96, 'DejaVu Sans Mono');
  img.receipt = await textLines(700, 320, [
    [50, 'Al Noor Grocery'],
    [100, 'Date 14/03/2026'],
    [150, 'Milk      1.250'],
    [200, 'Bread     0.500'],
    [260, 'TOTAL KWD 1.750'],
  ]);
  img.cashAed = await textLines(600, 140, [[90, 'CASH 25.50']], 48);
  img.blank = await textLines(300, 100, []);
  cookie = await loginWorld(app);
});

afterAll(async () => {
  await shutdownOcr();
});

function upload(bytes: Uint8Array | null, imageType: string | null, who?: string, type = 'image/png', roi?: string) {
  const form = new FormData();
  if (bytes) form.set('image', new File([bytes as Uint8Array<ArrayBuffer>], 'photo', { type }));
  if (imageType !== null) form.set('imageType', imageType);
  if (roi !== undefined) form.set('roi', roi);
  return req(app, '/api/ocr/process', { method: 'POST', body: form, headers: who ? { cookie: who } : {} });
}

describe('processImage (tesseract.js, offline traineddata)', () => {
  test('reads an odometer as integer km', async () => {
    const { result } = await processImage(db, w.riderA.id, { bytes: img.odometer, imageType: 'start_odometer' });
    expect(result.value).toBe(84512);
    expect(result.fields).toEqual({ odometerKm: 84512 });
    expect(result.currency).toBeUndefined();
    expect(result.confidence).toBeGreaterThan(60);
    expect(result.lowConfidence).toBe(false);
  });

  test('reads a receipt total in KWD (3 decimals), with date and merchant', async () => {
    const { result } = await processImage(db, w.riderB.id, { bytes: img.receipt, imageType: 'receipt' });
    expect(result).toMatchObject({ value: 1750, currency: 'KWD' });
    expect(result.fields).toMatchObject({ amount: '1.750', date: '2026-03-14', merchant: 'Al Noor Grocery' });
  });

  test('a cash slip without a currency takes the rider region (AED, 2 decimals)', async () => {
    const { result } = await processImage(db, w.riderB.id, { bytes: img.cashAed, imageType: 'cash' });
    expect(result).toMatchObject({ value: 2550, currency: 'AED' });
  });
});

describe('POST /api/ocr/process', () => {
  test('a rider uploads an odometer photo', async () => {
    const res = await upload(img.odometer, 'end_odometer', cookie.riderA);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { value: number; text: string; lowConfidence: boolean } };
    expect(body.result).toMatchObject({ value: 84512, text: '084512', lowConfidence: false });
  });

  test('an admin may use OCR (the receipt names its currency)', async () => {
    const res = await upload(img.receipt, 'receipt', cookie.admin);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { value: number } }).result.value).toBe(1750);
  });

  test('signed out → 401, company → 403', async () => {
    expect((await upload(img.odometer, 'start_odometer')).status).toBe(401);
    const res = await upload(img.odometer, 'start_odometer', cookie.managerA);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  test('over 8 MB → 413 (the file check, and the body limit for far larger bodies)', async () => {
    for (const size of [8 * 1024 * 1024 + 1024, 9 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(img.odometer.subarray(0, 16));
      const res = await upload(big, 'start_odometer', cookie.riderA);
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The image is larger than 8 MB' } });
    }
  });

  test('not really an image (declared image/png) → 415', async () => {
    const res = await upload(new TextEncoder().encode('%PDF-1.7 this is not a picture'), 'receipt', cookie.riderA);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a JPEG, PNG or WebP image', field: 'image' },
    });
  });

  test('unknown or missing imageType → 400 naming imageType', async () => {
    for (const t of ['selfie', null]) {
      const res = await upload(img.odometer, t, cookie.riderA);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST', field: 'imageType' } });
    }
  });

  test('no image file → 400', async () => {
    const res = await upload(null, 'receipt', cookie.riderA);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { field: 'image' } });
  });

  test('roi: the dialog\'s crop box picks the counter out of a dashboard photo stored sideways (EXIF)', async () => {
    const f = loadManifest().fixtures.find((x) => x.roi && 'km' in x.truth && x.description.includes('EXIF'))!;
    const res = await upload(fixtureBytes(f), 'start_odometer', cookie.riderA, 'image/jpeg', JSON.stringify(f.roi));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { value: number } }).result.value).toBe((f.truth as { km: number }).km);
  });

  test('roi that is not JSON, or not inside the image → 400 naming roi', async () => {
    for (const roi of ['{x:0.1', '{"x":0.8,"y":0,"w":0.5,"h":0.5}', '{"x":0.1}', '[1,2,3,4]']) {
      const res = await upload(img.odometer, 'start_odometer', cookie.riderA, 'image/png', roi);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST', field: 'roi' } });
    }
  });

  test('JPEG magic bytes but no decodable picture → 422', async () => {
    const broken = new Uint8Array(4096);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(broken, 'receipt', cookie.riderA, 'image/jpeg');
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'UNPROCESSABLE_CONTENT', message: 'The image could not be decoded', field: 'image' } });
  });

  test('a blank image → 422 with a clear message, never a 500', async () => {
    const res = await upload(img.blank, 'start_odometer', cookie.riderA);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'UNPROCESSABLE_CONTENT', message: 'No readable number in this image' } });
  });
});
