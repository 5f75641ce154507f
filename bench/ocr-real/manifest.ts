import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Truth for one photo: an odometer's whole km (and the tenths wheel when it shows), or a receipt's grand total as printed. */
export type Label =
  | {
      km: number;
      tenths?: number;
      frame?: { x: number; y: number; w: number; h: number };
      /** The labeller saw a drum past the middle of a roll and took the digit filling more of its window: a close call, scored apart. */
      midRoll?: boolean;
    }
  | { total: string; currency: string; date?: string; merchant?: string };

export interface Entry {
  id: string;
  /** File name under data/ocr-real/img (rebuilt) or test/fixtures/ocr-real (committed). */
  file: string;
  source: 'srd' | 'softmatic' | 'odo-thai';
  path: string;
  sha256: string;
  kind: 'odometer' | 'receipt';
  label: Label;
  split: 'dev' | 'test';
  tags: string[];
}

export const MANIFEST_PATH = join(import.meta.dir, 'manifest.json');
export const IMG_DIR = join(import.meta.dir, '..', '..', 'data', 'ocr-real', 'img');

export const loadManifest = (): Entry[] => JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Entry[];
