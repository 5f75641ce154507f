import type { MessageKey } from '../../shared/i18n';

/** The camera texts of spec section 8, as catalog keys. */
export type CameraErrorKey = Extract<
  MessageKey,
  'scanner.error.unsupported' | 'scanner.error.denied' | 'scanner.error.notFound' | 'scanner.error.inUse' | 'scanner.error.generic'
>;

/** Whether this browser can open a camera at all (needs a secure context and mediaDevices). */
export function cameraSupported(nav: Pick<Navigator, 'mediaDevices'> | undefined = globalThis.navigator): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}

/**
 * A getUserMedia failure → the spec's message. Names differ by browser: Chrome and
 * Firefox use the standard DOMException names, older engines the legacy ones.
 */
export function cameraErrorKey(err: unknown): CameraErrorKey {
  const name = err && typeof err === 'object' && 'name' in err ? String((err as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'scanner.error.denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'scanner.error.notFound';
    case 'NotReadableError':
    case 'TrackStartError':
      return 'scanner.error.inUse';
    case 'NotSupportedError':
      return 'scanner.error.unsupported';
    default:
      return 'scanner.error.generic';
  }
}
