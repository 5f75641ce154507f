export { OcrDialog } from './LazyOcrDialog';
export type { OcrConfirmed, OcrDialogProps } from './OcrDialog';
export { loginPathFor, processImage, OCR_PROCESS_URL, type OcrOutcome } from './process';
export { readingLabel } from './label';
export { OCR_CAMERA, readingText } from './reading';
