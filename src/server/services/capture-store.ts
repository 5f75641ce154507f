import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../../db/client';
import { captures, newId } from '../../../db/schema';
import type { CaptureSubmitInput } from '../../shared/schemas/captures';
import { DomainError, invalid } from '../errors';
import { eventTime } from './duty';

const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  webp: (b) => b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45,
};

/** Decode a data URL and check that the bytes really are the image type it claims. */
export function decodeImage(dataUrl: string): { bytes: Uint8Array; ext: 'jpeg' | 'png' | 'webp' } {
  const m = /^data:image\/(jpeg|png|webp);base64,(.+)$/.exec(dataUrl);
  if (!m) throw invalid('The image must be a JPEG, PNG or WebP data URL', 'image');
  const ext = m[1] as 'jpeg' | 'png' | 'webp';
  const bytes = Uint8Array.from(Buffer.from(m[2]!, 'base64'));
  if (bytes.length > 8 * 1024 * 1024) throw new DomainError('PAYLOAD_TOO_LARGE', 'The image is larger than 8 MB', 'image');
  if (bytes.length < 12 || !MAGIC[ext]!(bytes)) throw invalid('The file is not a real image', 'image');
  return { bytes, ext };
}

/** Keep a rider's photo on disk and its record in the database. */
export async function storeCapture(db: Db, riderId: string, input: CaptureSubmitInput, dir: string, now = new Date()) {
  const { bytes, ext } = decodeImage(input.image);
  const id = newId();
  await mkdir(dir, { recursive: true });
  const file = `${id}.${ext === 'jpeg' ? 'jpg' : ext}`;
  await writeFile(join(dir, file), bytes);
  const at = typeof input.timestamp === 'number' ? input.timestamp : input.timestamp ? Date.parse(input.timestamp) : undefined;
  await db.insert(captures).values({
    id,
    riderId,
    type: input.type,
    imagePath: file,
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    accuracyM: input.location?.accuracy ?? null,
    capturedAt: eventTime(Number.isFinite(at) ? at : undefined, now),
  });
  return { success: true as const, captureId: id };
}
