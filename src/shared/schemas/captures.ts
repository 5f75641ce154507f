import { z } from 'zod';
import { CAPTURE_TYPES_LIST } from './capture-types';
import { captureReading } from './ocr';
import { idempotencyKey } from './rider-app';
import { byKey } from '../i18n/message';

/** 8 MB of image, as a base64 data URL (4/3 larger) plus its header. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_DATA_URL = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64;

export const captureSubmitInput = z.object({
  type: z.enum(CAPTURE_TYPES_LIST),
  image: z
    .string()
    .max(MAX_DATA_URL, byKey('errors.imageTooLarge'))
    .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/, byKey('errors.imageDataUrl')),
  timestamp: z.union([z.string().max(40), z.number()]).optional(),
  location: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), accuracy: z.number().min(0).max(100000).optional() })
    .nullable()
    .optional(),
  riderId: z.string().max(40).optional(),
  riderName: z.string().max(120).optional(),
  email: z.string().max(254).optional(),
  /** What the rider confirmed from the OCR dialog (odometer km, or money in minor units). */
  reading: captureReading.optional(),
  idempotencyKey,
});
export type CaptureSubmitInput = z.infer<typeof captureSubmitInput>;
