import { and, eq } from 'drizzle-orm';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../../db/client';
import { captures, newId, riders } from '../../../db/schema';
import type { CaptureSubmitInput } from '../../shared/schemas/captures';
import type { CaptureType } from '../../shared/schemas/capture-types';
import type { CaptureReading } from '../../shared/schemas/ocr';
import { DomainError, invalid, notFound } from '../errors';
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

const isOdometer = (type: CaptureType) => type === 'start_odometer' || type === 'end_odometer';

/**
 * The confirmed reading as columns: odometer → whole km; receipt and cash → minor units in the
 * currency the rider confirmed, else the rider's own (region) currency. A proof photo has no reading.
 */
async function readingColumns(db: Db, riderId: string, type: CaptureType, reading: CaptureReading | undefined) {
  if (!reading) return {};
  if (type === 'proof') throw invalid('A proof of delivery photo has no reading', 'reading');
  const ocr = { ocrConfidence: reading.confidence ?? null, ocrText: reading.text ?? null, readingCorrected: reading.corrected };
  if (isOdometer(type)) {
    if (reading.currency) throw invalid('An odometer reading is in km, not money', 'reading.currency');
    return { ...ocr, valueKm: reading.value };
  }
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { region: true } });
  if (!rider) throw notFound('Rider not found');
  return { ...ocr, valueMinor: reading.value, currency: reading.currency ?? rider.region };
}

/** Keep a rider's photo on disk and its record (with the confirmed reading, if any) in the database. */
export async function storeCapture(db: Db, riderId: string, input: CaptureSubmitInput, dir: string, now = new Date()) {
  const { bytes, ext } = decodeImage(input.image);
  const reading = await readingColumns(db, riderId, input.type, input.reading);
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
    ...reading,
    lat: input.location?.lat ?? null,
    lng: input.location?.lng ?? null,
    accuracyM: input.location?.accuracy ?? null,
    capturedAt: eventTime(Number.isFinite(at) ? at : undefined, now),
  });
  return { success: true as const, captureId: id };
}

const KIND: Record<CaptureType, string> = {
  start_odometer: 'a start odometer scan',
  end_odometer: 'an end odometer scan',
  receipt: 'a receipt scan',
  cash: 'a cash slip scan',
  proof: 'a proof of delivery photo',
};

/**
 * A capture another write refers to (duty start/end, a cash hand-over): it must be this rider's and
 * of the expected type. Another rider's capture answers exactly like a missing one.
 */
export async function ownCapture(db: Db, riderId: string, captureId: string, type: CaptureType, field = 'captureId') {
  const row = await db.query.captures.findFirst({ where: and(eq(captures.id, captureId), eq(captures.riderId, riderId)) });
  if (!row) throw invalid('That photo is not one of your scans', field);
  if (row.type !== type) throw invalid(`That photo is not ${KIND[type]}`, field);
  return row;
}
