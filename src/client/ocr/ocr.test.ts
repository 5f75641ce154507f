import { describe, expect, test } from 'bun:test';
import { translate } from '../../shared/i18n';
import { captureReading, ocrRoi, type OcrResult } from '../../shared/schemas/ocr';
import { captureSubmitInput } from '../../shared/schemas/captures';
import { captureBody } from '../scanner/capture';
import { dataUrlToBlob, loginPathFor, processImage, UNAUTHORIZED_REDIRECT_MS } from './process';
import { confirmedReading, OCR_CAMERA, parseReading, readingLabel, readingText } from './reading';
import { coverRoi } from './roi';

const box = (left: number, top: number, width: number, height: number) => ({ left, top, width, height });

describe('spec strings and constants (sections 8 and 9)', () => {
  test('OCR camera: ideal 1280×720, JPEG 0.8; the failure toast and the 401 text, letter for letter', () => {
    expect(OCR_CAMERA).toEqual({ width: 1280, height: 720, quality: 0.8 });
    expect(`${translate('en', 'ocr.failed.title')} - ${translate('en', 'ocr.failed.text')}`).toBe('OCR Processing Failed - Failed to process image. Please try again.');
    expect(translate('en', 'ocr.unauthorized')).toBe('Unauthorized... logged out');
    expect(UNAUTHORIZED_REDIRECT_MS).toBe(500);
  });

  test('after a 401 the rider signs in again and comes back to the portal they were on', () => {
    expect([loginPathFor('/app'), loginPathFor('/rider'), loginPathFor('/application')]).toEqual(['/login?redirect=/app', '/login?redirect=/rider', '/login?redirect=/rider']);
  });
});

describe('the guide frame as fractions of the captured frame (object-fit: cover)', () => {
  test('a 1280×720 frame in a 390×600 portrait box: the sides are cropped, so x shrinks toward the centre', () => {
    // scale = max(390/1280, 600/720) = 0.8333; shown 1066.7 wide, offset −338.3 px: (31.2 + 338.3) / 0.8333 / 1280 = 0.3464.
    const roi = coverRoi(box(31.2, 204, 327.6, 192), box(0, 0, 390, 600), 1280, 720)!;
    expect(roi).toEqual({ x: 0.3464, y: 0.34, w: 0.3072, h: 0.32 });
    expect(ocrRoi.safeParse(roi).success).toBe(true);
  });

  test('a box of the same shape as the video maps one to one, wherever the box is on the page', () => {
    expect(coverRoi(box(110, 50, 80, 30), box(100, 20, 400, 300), 640, 480)).toEqual({ x: 0.025, y: 0.1, w: 0.2, h: 0.1 });
  });

  test('a frame past the picture is clamped; none at all, or no video size yet, is null', () => {
    expect(coverRoi(box(-50, -50, 1000, 1000), box(0, 0, 400, 300), 640, 480)).toEqual({ x: 0, y: 0, w: 1, h: 1 });
    expect(coverRoi(box(500, 0, 50, 50), box(0, 0, 400, 300), 640, 480)).toBeNull();
    expect(coverRoi(box(0, 0, 50, 50), box(0, 0, 400, 300), 0, 0)).toBeNull();
  });
});

describe('the value the rider edits', () => {
  test('odometer: whole km, thousands separators and Arabic-Indic digits accepted', () => {
    expect(readingText(84512, 'odometer', 'KWD')).toBe('84512');
    expect(['84512', ' 84,512 ', '٨٤٥١٢'].map((s) => parseReading(s, 'odometer', 'KWD'))).toEqual([84512, 84512, 84512]);
    expect(['', '84.5', '-3', '8,45,12', '1234567890'].map((s) => parseReading(s, 'odometer', 'KWD'))).toEqual([null, null, null, null, null]);
    expect(readingLabel(84512, 'odometer', 'KWD')).toBe('84,512 km');
  });

  test('money: the currency’s decimals (KWD 3, AED 2), in minor units', () => {
    expect([readingText(12_500, 'money', 'KWD'), readingText(1250, 'money', 'AED')]).toEqual(['12.500', '12.50']);
    expect([parseReading('12.5', 'money', 'KWD'), parseReading('12,50', 'money', 'AED'), parseReading('0', 'money', 'KWD'), parseReading('abc', 'money', 'AED')]).toEqual([12_500, 1250, null, null]);
    expect(readingLabel(12_500, 'money', 'KWD')).toContain('12.500');
  });

  test('what goes with the photo: corrected when the rider changed OCR’s value; typed by hand has no confidence', () => {
    const result: OcrResult = { confidence: 47.25, text: '084512', value: 84512, fields: {}, lowConfidence: true };
    expect(confirmedReading(84512, 'odometer', 'KWD', result)).toEqual({ value: 84512, confidence: 47.3, text: '084512', corrected: false });
    expect(confirmedReading(84513, 'odometer', 'KWD', result).corrected).toBe(true);
    expect(confirmedReading(12_500, 'money', 'AED', null)).toEqual({ value: 12_500, currency: 'AED', corrected: false });
    const reading = confirmedReading(84512, 'odometer', 'KWD', result);
    expect(captureReading.parse(reading)).toEqual(reading);
    const body = captureBody({ type: 'start_odometer', image: 'data:image/jpeg;base64,/9j/AA==', timestamp: '2026-03-10T09:00:00.000Z', location: null, reading }, { riderId: 'r1', riderName: 'R', email: 'r@example.com' });
    expect(captureSubmitInput.parse(body).reading).toEqual(reading);
  });
});

describe('POST /api/ocr/process', () => {
  const image = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]).toString('base64')}`;
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const req = { image, type: 'start_odometer' as const, roi: { x: 0.1, y: 0.3, w: 0.8, h: 0.3 } };

  test('sends multipart image, imageType and roi; a 200 is the reading', async () => {
    let sent: FormData | undefined;
    const result = { confidence: 89, text: '084512', value: 84512, fields: {}, lowConfidence: false };
    const outcome = await processImage(req, {
      online: () => true,
      fetch: async (url, init) => {
        expect(url).toBe('/api/ocr/process');
        sent = init.body as FormData;
        return answer(200, { result })();
      },
    });
    expect(outcome).toEqual({ kind: 'read', result });
    const file = sent!.get('image') as File;
    expect([file.type, file.size, sent!.get('imageType'), JSON.parse(String(sent!.get('roi')))]).toEqual(['image/jpeg', 7, 'start_odometer', req.roi]);
  });

  test('401, 422, other errors, a network error, offline and a closed dialog each have their outcome', async () => {
    const online = () => true;
    expect(await processImage(req, { online, fetch: answer(401, { error: { code: 'UNAUTHORIZED', message: 'You need to sign in' } }) })).toEqual({ kind: 'unauthorized' });
    expect(await processImage(req, { online, fetch: answer(422, { error: { code: 'UNPROCESSABLE_CONTENT', message: 'No readable number in this image' } }) })).toEqual({
      kind: 'unreadable',
      message: 'No readable number in this image',
    });
    expect(await processImage(req, { online, fetch: answer(500, 'oops') })).toEqual({ kind: 'failed', message: '500: ' });
    expect(await processImage(req, { online, fetch: answer(200, { nothing: true }) })).toMatchObject({ kind: 'failed' });
    expect(await processImage(req, { online, fetch: () => Promise.reject(new TypeError('Failed to fetch')) })).toEqual({ kind: 'failed', message: 'Failed to fetch' });
    let up = true;
    expect(await processImage(req, { online: () => up, fetch: () => ((up = false), Promise.reject(new TypeError('Failed to fetch'))) })).toEqual({ kind: 'offline' });
    expect(await processImage(req, { online: () => false, fetch: () => Promise.reject(new Error('never called')) })).toEqual({ kind: 'offline' });
    const ctrl = new AbortController();
    const hanging = (_u: string, init: RequestInit) => new Promise<Response>((_ok, fail) => init.signal!.addEventListener('abort', () => fail(new DOMException('aborted', 'AbortError'))));
    const closed = processImage(req, { online, signal: ctrl.signal, fetch: hanging });
    ctrl.abort();
    expect(await closed).toEqual({ kind: 'aborted' });
    expect(await processImage(req, { online, timeoutMs: 5, fetch: hanging })).toMatchObject({ kind: 'failed' });
  });

  test('a data URL becomes the same bytes', async () => {
    const blob = dataUrlToBlob(image);
    expect([blob.type, [...new Uint8Array(await blob.arrayBuffer())]]).toEqual(['image/jpeg', [0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]]);
  });
});

describe('reviewRoi', () => {
  test('zooms on the found digits with room around them, clamped to the photo; else the guide frame', async () => {
    const { reviewRoi } = await import('./roi');
    expect(reviewRoi({ x: 0.3, y: 0.4, w: 0.3, h: 0.05 }, { x: 0, y: 0, w: 1, h: 1 })).toEqual({ x: 0.2, y: 0.35, w: 0.5, h: 0.15 });
    expect(reviewRoi({ x: 0.9, y: 0, w: 0.1, h: 0.1 }, null)).toEqual({ x: 0.8667, y: 0, w: 0.1333, h: 0.2 });
    const frame = { x: 0.08, y: 0.34, w: 0.84, h: 0.32 };
    expect(reviewRoi(undefined, frame)).toBe(frame);
  });
});
