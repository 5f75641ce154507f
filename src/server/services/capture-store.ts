import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../../db/client';
import { captures, newId } from '../../../db/schema';
import type { CaptureSubmitInput } from '../../shared/schemas/captures';
import { DomainError, invalid } from '../errors';
import { eventTime } from './duty';
import { sniffImage } from './image-bytes';


/** Decode a data URL and check that the bytes really are the image type it claims. */
export function decodeImage(dataUrl: string): { bytes: Uint8Array; ext: 'jpeg' | 'png' | 'webp' } {
  const m = /^data:image\/(jpeg|png|webp);base64,(.+)$/.exec(dataUrl);
  if (!m) throw invalid('The image must be a JPEG, PNG or WebP data URL', 'image');
  const ext = m[1] as 'jpeg' | 'png' | 'webp';
  const bytes = Uint8Array.from(Buffer.from(m[2]!, 'base64'));
  if (bytes.length > 8 * 1024 * 1024) throw new DomainError('PAYLOAD_TOO_LARGE', 'The image is larger than 8 MB', 'image');
  if (sniffImage(bytes) !== ext) throw invalid('The file is not a real image', 'image');
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
