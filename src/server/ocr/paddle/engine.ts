import type { Tensor } from 'onnxruntime-node';
import { detectText, type TextBox } from './detect';
import { paddleModels, type PaddleModels } from './models';
import type { Rgb } from './raster';
import { REC_HEIGHT, recognizeBoxes, type RunRec, type TextLine } from './recognize';

/**
 * PP-OCR on one image: find the text regions, then read each one. The two sessions are shared by the
 * process; runs are queued one at a time so that a burst of uploads cannot hold several copies of the
 * intermediate tensors (each run already uses every core).
 */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = queue.then(fn, fn);
  queue = next.catch(() => undefined);
  return next;
}

type Ort = typeof import('onnxruntime-node');

/** The recogniser session as recognizeBoxes calls it: a batch of lines 48 px high in, CTC probabilities out. */
const recRunner =
  (m: PaddleModels, ort: Ort): RunRec =>
  async (input, batch, width) => {
    const out = (await m.rec.run({ [m.rec.inputNames[0]!]: new ort.Tensor('float32', input, [batch, 3, REC_HEIGHT, width]) }))[m.rec.outputNames[0]!] as Tensor;
    return { data: out.data as Float32Array, steps: out.dims[1]!, classes: out.dims[2]! };
  };

/** Read given regions only (no detection): a second look at a line already found. */
export async function paddleRecognize(img: Rgb, boxes: TextBox[]): Promise<TextLine[]> {
  const m = await paddleModels();
  const ort = await import('onnxruntime-node');
  return serial(() =>
    recognizeBoxes(img, boxes, recRunner(m, ort), m.charset),
  );
}

export async function paddleRead(img: Rgb, opts: { maxSide?: number; minHeight?: number } = {}): Promise<TextLine[]> {
  const m = await paddleModels();
  const ort = await import('onnxruntime-node');
  return serial(async () => {
    const boxes = await detectText(
      img,
      async (input, width, height) => {
        const out = await m.det.run({ [m.det.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, height, width]) });
        return (out[m.det.outputNames[0]!] as Tensor).data as Float32Array;
      },
      opts.maxSide,
    );
    const keep = boxes.filter((b: TextBox) => Math.min(b.w, b.h) >= (opts.minHeight ?? 6));
    return recognizeBoxes(img, keep, recRunner(m, ort), m.charset);
  });
}
