import { dataUrlToBlob } from './ocr/process';

/** 'Fast Delivery' → 'fast-delivery', for file names; `fallback` when nothing is left. */
export const slug = (text: string, fallback: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;

/** Hands a blob to the browser as a downloaded file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function saveJson(value: unknown, name: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), name);
}

/** The file name a server gave in Content-Disposition (RFC 6266: filename* wins over filename), or `fallback`. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : fallback;
}

/**
 * Saves a report: a data: URL (an analysis the assistant ran) is decoded here, since the CSP allows
 * no fetch of it; anything else is a same-origin GET with the session cookie, saved under the server's
 * name. Throws on a non-OK answer.
 */
export async function downloadFrom(url: string, fallback: string): Promise<string> {
  if (url.startsWith('data:')) {
    saveBlob(dataUrlToBlob(url), fallback);
    return fallback;
  }
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  const name = filenameFrom(res.headers.get('content-disposition'), fallback);
  saveBlob(await res.blob(), name);
  return name;
}
