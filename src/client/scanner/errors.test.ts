import { describe, expect, test } from 'bun:test';
import { translate } from '../../shared/i18n';
import { cameraErrorKey, cameraSupported } from './errors';

const text = (err: unknown) => translate('en', cameraErrorKey(err));
const dom = (name: string) => Object.assign(new Error(name), { name });

describe('camera errors → the spec’s exact texts (section 8)', () => {
  test('permission denied', () => {
    for (const n of ['NotAllowedError', 'PermissionDeniedError', 'SecurityError']) expect(text(dom(n))).toBe('Camera access denied. Please allow camera permissions.');
  });
  test('no camera', () => {
    for (const n of ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']) expect(text(dom(n))).toBe('No camera found on this device.');
  });
  test('camera busy', () => {
    for (const n of ['NotReadableError', 'TrackStartError']) expect(text(dom(n))).toBe('Camera is already in use by another application.');
  });
  test('not supported', () => {
    expect(text(dom('NotSupportedError'))).toBe('Camera not supported by this browser');
    expect(cameraSupported({ mediaDevices: undefined as never })).toBe(false);
    expect(cameraSupported({ mediaDevices: { getUserMedia: async () => new MediaStream() } as never })).toBe(true);
  });
  test('anything else', () => {
    for (const e of [dom('AbortError'), new TypeError('x'), 'weird', null]) expect(text(e)).toBe('Failed to access camera. Please check your camera settings.');
  });
  test('the toast and the capture failure', () => {
    expect(`${translate('en', 'scanner.error.toastTitle')}: ${translate('en', 'scanner.error.toastText')}`).toBe('Camera Error: Unable to access camera. Please check permissions.');
    expect(translate('en', 'scanner.error.capture')).toBe('Failed to capture image. Please try again.');
  });
});
