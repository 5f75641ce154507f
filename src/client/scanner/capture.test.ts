import { describe, expect, test } from 'bun:test';
import { captureSubmitInput } from '../../shared/schemas/captures';
import { captureBody, SCANNER_JPEG_QUALITY, videoConstraints } from './capture';
import { fixOrNull, GEO_OPTIONS, getFix, GeoError } from './position';

describe('scanner constants (spec section 9)', () => {
  test('ideal 1920×1080 from the back camera; JPEG 0.9', () => {
    expect(videoConstraints('environment')).toEqual({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } } });
    expect(SCANNER_JPEG_QUALITY).toBe(0.9);
  });
});

describe('POST /api/ocr/submit body', () => {
  test('type, image, timestamp, location, riderId, riderName, email — accepted by the server schema', () => {
    const body = captureBody(
      { type: 'receipt', image: 'data:image/jpeg;base64,/9j/AA==', timestamp: '2026-03-10T09:00:00.000Z', location: { lat: 29.37, lng: 47.97, accuracy: 8 } },
      { riderId: 'r1', riderName: 'Rashid Khan', email: 'rider@example.com' },
    );
    expect(Object.keys(body)).toEqual(['type', 'image', 'timestamp', 'location', 'riderId', 'riderName', 'email']);
    expect(captureSubmitInput.parse(body)).toMatchObject(body);
    expect(captureSubmitInput.parse({ ...body, location: null }).location).toBeNull();
  });
});

describe('geolocation: 5 s, high accuracy; null when it fails', () => {
  test('asks with the spec’s options and rounds the accuracy', async () => {
    let asked: PositionOptions | undefined;
    const geo = {
      getCurrentPosition: (ok: PositionCallback, _err?: PositionErrorCallback | null, opts?: PositionOptions) => {
        asked = opts;
        ok({ coords: { latitude: 29.1, longitude: 48.1, accuracy: 7.6 } } as GeolocationPosition);
      },
    };
    expect(await getFix(geo)).toEqual({ lat: 29.1, lng: 48.1, accuracy: 8 });
    expect(asked).toEqual(GEO_OPTIONS);
    expect(GEO_OPTIONS).toMatchObject({ enableHighAccuracy: true, timeout: 5000 });
  });

  test('no geolocation → unsupported; a failure → failed, or null for a capture', async () => {
    expect(await getFix(undefined).catch((e: GeoError) => e.kind)).toBe('unsupported');
    const failing = { getCurrentPosition: (_ok: PositionCallback, err?: PositionErrorCallback | null) => err?.({ code: 3 } as GeolocationPositionError) };
    expect(await getFix(failing).catch((e: GeoError) => e.kind)).toBe('failed');
    expect(await fixOrNull(failing)).toBeNull();
  });
});
