import type { OcrImageType, OcrResult, OcrRoi } from '../../shared/schemas/ocr';

/** Spec section 7: multipart `image` + `imageType` (+ `roi`, the guide frame). */
export const OCR_PROCESS_URL = '/api/ocr/process';
/** A reading that has not come back by then counts as failed; the rider can retake or type it. */
export const OCR_TIMEOUT_MS = 30_000;

export type OcrOutcome =
  | { kind: 'read'; result: OcrResult }
  /** 422: the photo has no readable number. */
  | { kind: 'unreadable'; message: string }
  /** Anything else that went wrong (4xx, 5xx, timeout, a network error while online). */
  | { kind: 'failed'; message: string }
  /** 401: the session is gone (spec section 8: 'Unauthorized... logged out', then login). */
  | { kind: 'unauthorized' }
  /** No network: OCR runs on the server, so the rider types the value. */
  | { kind: 'offline' }
  /** The dialog closed first. */
  | { kind: 'aborted' };

/** A `data:` URL as a Blob, without a network round trip. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const m = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!m) throw new Error('not a data URL');
  const raw = m[2] ? atob(m[3]!) : decodeURIComponent(m[3]!);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return new Blob([bytes], { type: m[1] });
}

export interface OcrRequest {
  image: string;
  type: OcrImageType;
  roi: OcrRoi | null;
}

export interface OcrDeps {
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  online?: () => boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

const messageOf = async (res: Response) => {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const m = body?.error?.message;
  return typeof m === 'string' && m ? m : `${res.status}: ${res.statusText}`;
};

/** POST the photo for reading; every way it can end is one outcome, never a throw. */
export async function processImage(req: OcrRequest, deps: OcrDeps = {}): Promise<OcrOutcome> {
  const online = deps.online ?? (() => globalThis.navigator?.onLine ?? true);
  if (!online()) return { kind: 'offline' };
  const form = new FormData();
  form.set('image', dataUrlToBlob(req.image), 'photo.jpg');
  form.set('imageType', req.type);
  if (req.roi) form.set('roi', JSON.stringify(req.roi));

  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(new DOMException('timeout', 'TimeoutError')), deps.timeoutMs ?? OCR_TIMEOUT_MS);
  const onAbort = () => ctrl.abort(deps.signal?.reason);
  deps.signal?.addEventListener('abort', onAbort);
  try {
    const res = await (deps.fetch ?? fetch)(OCR_PROCESS_URL, { method: 'POST', body: form, credentials: 'same-origin', signal: ctrl.signal });
    if (res.status === 401) return { kind: 'unauthorized' };
    if (res.status === 422) return { kind: 'unreadable', message: await messageOf(res) };
    if (!res.ok) return { kind: 'failed', message: await messageOf(res) };
    const body = (await res.json().catch(() => null)) as { result?: OcrResult } | null;
    const result = body?.result;
    if (!result || typeof result.value !== 'number') return { kind: 'failed', message: 'The answer has no reading' };
    return { kind: 'read', result };
  } catch (err) {
    if (deps.signal?.aborted) return { kind: 'aborted' };
    if (!online()) return { kind: 'offline' };
    return { kind: 'failed', message: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener('abort', onAbort);
  }
}

/** Spec section 9: the unauthorized redirect waits 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** Where a rider signs in again after a 401 in the dialog: the login page, back to the portal they were on. */
export function loginPathFor(pathname: string): string {
  return `/login?redirect=${pathname === '/app' || pathname.startsWith('/app/') ? '/app' : '/rider'}`;
}
