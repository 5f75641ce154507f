export { Scanner, type ScannerDone, type ScannerProps } from './Scanner';
export { useScanner } from './useScanner';
export { captureBody, SCANNER_JPEG_QUALITY, type CaptureResult } from './capture';
export { cameraErrorKey, cameraSupported } from './errors';
export { fixOrNull, getFix, GeoError, GEO_OPTIONS, type Fix } from './position';
export { submitCapture, type SubmitOutcome } from './submit';
