/**
 * Captures: the rider's photos (odometer, receipts, cash), their storage and checks, and OCR readings.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { ownCapture, storeCapture } from './capture-store';
export { recentCaptures } from './captures';
export { assertWholeImage } from './image-check';
export { MAX_OCR_BYTES, lowConfidenceFor, processImage } from './ocr-process';
