import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { releasePaddle } from './paddle/models';

const require = createRequire(import.meta.url);

/** English reads Latin digits and labels; Arabic reads Arabic labels (its model has no ٢–٩, see ocr/digits.ts). */
export const OCR_LANGS = ['eng', 'ara'] as const;
export type OcrLang = (typeof OCR_LANGS)[number];

/**
 * The traineddata ships in @tesseract.js-data/eng and /ara and is read from disk; without langPath
 * tesseract.js would fetch it from a CDN (see RECIPES.md "OCR"). Nothing is fetched at run time.
 */
export const langPath = (lang: OcrLang) => join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), '4.0.0_best_int');

/** Workers per language: one per core, at most 4 (each holds ~100 MB). The Arabic pool starts on first use. */
export const OCR_WORKERS = Math.max(1, Math.min(4, availableParallelism()));

export interface OcrOptions {
  /** Odometers: digits-only whitelist and a single text line. */
  digitsOnly?: boolean;
  lang?: OcrLang;
}

/** A word Tesseract found, with its box in the image's pixels. */
export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Recognized {
  text: string;
  /** Tesseract's mean confidence, 0–100. */
  confidence: number;
  /** Pages (not digitsOnly): the words of each text line, in reading order. */
  lines?: OcrWord[][];
}

/** Reads a preprocessed image; the pipeline (ocr/read.ts) takes any of these, the benchmark passes the native CLI. */
export type Recognizer = (image: Uint8Array, opts: OcrOptions) => Promise<Recognized>;

/**
 * A fixed pool of workers per language, created on first use and reused. A tesseract.js Scheduler
 * hands a job to any idle worker, but the whitelist and page mode are per-worker parameters, so a
 * shared scheduler would race between odometer and receipt jobs; this pool sets them while it
 * holds the worker instead.
 */
interface Pool {
  idle: Worker[];
  waiting: ((w: Worker) => void)[];
  all: Worker[];
}

const pools = new Map<OcrLang, Promise<Pool>>();

function startWorker(lang: OcrLang) {
  return createWorker(lang, OEM.LSTM_ONLY, { langPath: langPath(lang), gzip: true, cacheMethod: 'none' });
}

function getPool(lang: OcrLang): Promise<Pool> {
  let pool = pools.get(lang);
  if (!pool) {
    pool = Promise.all(Array.from({ length: OCR_WORKERS }, () => startWorker(lang))).then(
      (all) => ({ idle: [...all], waiting: [], all }),
      (err) => {
        pools.delete(lang);
        throw err;
      },
    );
    pools.set(lang, pool);
  }
  return pool;
}

async function withWorker<T>(lang: OcrLang, fn: (w: Worker) => Promise<T>): Promise<T> {
  const p = await getPool(lang);
  const worker = p.idle.pop() ?? (await new Promise<Worker>((resolve) => p.waiting.push(resolve)));
  try {
    return await fn(worker);
  } finally {
    const next = p.waiting.shift();
    if (next) next(worker);
    else p.idle.push(worker);
  }
}

/**
 * Read the text in an image (JPEG, PNG or WebP bytes). Odometers: one line, digits only. Pages: one
 * uniform block (PSM 6), which keeps a receipt's label and amount on one line where automatic page
 * segmentation splits them into columns.
 */
export const recognize: Recognizer = (image, opts = {}) =>
  withWorker(opts.lang ?? 'eng', async (worker) => {
    await worker.setParameters(
      opts.digitsOnly
        ? { tessedit_char_whitelist: '0123456789', tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: '300', debug_file: '/dev/null' }
        : { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300', debug_file: '/dev/null' },
    );
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: !opts.digitsOnly });
    const lines = data.blocks?.flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.words.map((w) => ({ text: w.text, ...w.bbox })))));
    return { text: data.text, confidence: data.confidence, ...(lines ? { lines } : {}) };
  });

/** Stop the workers and release the PP-OCR sessions (tests, shutdown). The next read starts fresh. */
export async function shutdownOcr(): Promise<void> {
  const current = [...pools.values()];
  pools.clear();
  await releasePaddle();
  const started = await Promise.all(current.map((p) => p.catch(() => null)));
  await Promise.all(started.flatMap((p) => p?.all ?? []).map((w) => w.terminate()));
}
