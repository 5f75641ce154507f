import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);

/**
 * The English traineddata ships in @tesseract.js-data/eng and is read from disk; without langPath
 * tesseract.js would fetch it from a CDN (see RECIPES.md "OCR"). Nothing is fetched at run time.
 */
export const LANG_PATH = join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

export const OCR_WORKERS = Math.max(1, Math.min(2, availableParallelism()));

export interface OcrOptions {
  /** Odometers: digits-only whitelist and a single text line. */
  digitsOnly?: boolean;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence, 0–100. */
  confidence: number;
}

/**
 * A fixed pool of workers, created on first use and reused. A tesseract.js Scheduler hands a job
 * to any idle worker, but the whitelist and page mode are per-worker parameters, so a shared
 * scheduler would race between odometer and receipt jobs; this pool sets them while it holds
 * the worker instead.
 */
interface Pool {
  idle: Worker[];
  waiting: ((w: Worker) => void)[];
  all: Worker[];
}

let pool: Promise<Pool> | null = null;

function startWorker() {
  return createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, gzip: true, cacheMethod: 'none' });
}

function getPool(): Promise<Pool> {
  pool ??= Promise.all(Array.from({ length: OCR_WORKERS }, startWorker)).then(
    (all) => ({ idle: [...all], waiting: [], all }),
    (err) => {
      pool = null;
      throw err;
    },
  );
  return pool;
}

async function withWorker<T>(fn: (w: Worker) => Promise<T>): Promise<T> {
  const p = await getPool();
  const worker = p.idle.pop() ?? (await new Promise<Worker>((resolve) => p.waiting.push(resolve)));
  try {
    return await fn(worker);
  } finally {
    const next = p.waiting.shift();
    if (next) next(worker);
    else p.idle.push(worker);
  }
}

/** Read the text in an image (JPEG, PNG or WebP bytes). */
export function recognize(image: Uint8Array, opts: OcrOptions = {}): Promise<OcrResult> {
  return withWorker(async (worker) => {
    await worker.setParameters(
      opts.digitsOnly
        ? { tessedit_char_whitelist: '0123456789', tessedit_pageseg_mode: PSM.SINGLE_LINE, user_defined_dpi: '300', debug_file: '/dev/null' }
        : { tessedit_char_whitelist: '', tessedit_pageseg_mode: PSM.AUTO, user_defined_dpi: '300', debug_file: '/dev/null' },
    );
    const { data } = await worker.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    return { text: data.text, confidence: data.confidence };
  });
}

/** Stop the workers (tests, shutdown). The next recognize() starts a fresh pool. */
export async function shutdownOcr(): Promise<void> {
  const current = pool;
  pool = null;
  if (!current) return;
  const p = await current.catch(() => null);
  if (p) await Promise.all(p.all.map((w) => w.terminate()));
}
