export { OcrDialog, type OcrConfirmed, type OcrDialogProps } from './OcrDialog';
export { loginPathFor, processImage, OCR_PROCESS_URL, type OcrOutcome } from './process';
export { OCR_CAMERA, readingLabel, readingText } from './reading';
