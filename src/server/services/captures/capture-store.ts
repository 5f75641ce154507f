import { and, eq } from 'drizzle-orm';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../../../db/client';
import { captures, newId, riders } from '../../../../db/schema';
import type { CaptureSubmitInput } from '../../../shared/schemas/captures';
import type { CaptureType } from '../../../shared/schemas/capture-types';
import type { CaptureReading } from '../../../shared/schemas/ocr';
import { DomainError, invalid, notFound } from '../../errors';
import { eventTime, riderCash } from '../rider';
import { sniffImage } from '../../lib/image-bytes';
import { assertWholeImage } from './image-check';
import { msg } from '../../../shared/i18n/message';

/** Decode a data URL and check that the bytes really are the image type it claims. */
export function decodeImage(dataUrl: string): { bytes: Uint8Array; ext: 'jpeg' | 'png' | 'webp' } {
  const m = /^data:image\/(jpeg|png|webp);base64,(.+)$/.exec(dataUrl);
  if (!m) throw invalid(msg('errors.imageDataUrl'), 'image');
  const ext = m[1] as 'jpeg' | 'png' | 'webp';
  // A Buffer is a Uint8Array: copying it with Uint8Array.from walks 8 MB byte by byte (~0.5 s of CPU).
  const bytes: Uint8Array = Buffer.from(m[2]!, 'base64');
  if (bytes.length > 8 * 1024 * 1024) throw new DomainError('PAYLOAD_TOO_LARGE', msg('errors.imageTooLarge'), 'image');
  if (sniffImage(bytes) !== ext) throw invalid(msg('errors.imageNotReal'), 'image');
  return { bytes, ext };
}

const isOdometer = (type: CaptureType) => type === 'start_odometer' || type === 'end_odometer';

/**
 * The confirmed reading as columns: odometer → whole km; receipt and cash → minor units in the
 * currency the rider confirmed, else the rider's own (region) currency. A proof photo has no reading.
 */
async function readingColumns(db: Db, riderId: string, type: CaptureType, reading: CaptureReading | undefined) {
  if (!reading) return {};
  if (type === 'proof') throw invalid(msg('errors.proofNoReading'), 'reading');
  const ocr = { ocrConfidence: reading.confidence ?? null, ocrText: reading.text ?? null, readingCorrected: reading.corrected };
  if (isOdometer(type)) {
    if (reading.currency) throw invalid(msg('errors.odometerNotMoney'), 'reading.currency');
    return { ...ocr, valueKm: reading.value };
  }
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId), columns: { id: true, companyId: true } });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  // A slip without a currency is in the cash the rider holds (rider-region.ts), not the region they picked.
  return { ...ocr, valueMinor: reading.value, currency: reading.currency ?? (await riderCash(db, rider)).currency };
}

/** Keep a rider's photo on disk and its record (with the confirmed reading, if any) in the database. */
export async function storeCapture(db: Db, riderId: string, input: CaptureSubmitInput, dir: string, now = new Date()) {
  const { bytes, ext } = decodeImage(input.image);
  await assertWholeImage(bytes);
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

/**
 * A capture another write refers to (duty start/end, a cash hand-over): it must be this rider's and
 * of the expected type. Another rider's capture answers exactly like a missing one.
 */
export async function ownCapture(db: Db, riderId: string, captureId: string, type: CaptureType, field = 'captureId') {
  const row = await db.query.captures.findFirst({ where: and(eq(captures.id, captureId), eq(captures.riderId, riderId)) });
  if (!row) throw invalid(msg('errors.captureNotYours'), field);
  if (row.type !== type) throw invalid(msg('errors.captureWrongKind', { kind: msg(`errors.captureKind.${type}`) }), field);
  return row;
}
