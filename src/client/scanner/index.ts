export { Scanner, type ScannerDone, type ScannerProps } from './Scanner';
export { useScanner } from './useScanner';
export { captureBody, SCANNER_CAMERA, SCANNER_JPEG_QUALITY, type CameraSpec, type CaptureResult } from './capture';
export { CameraShell, CameraStatusOverlay, ShutterButton } from './CameraParts';
export { useCamera, type Camera } from './useCamera';
export { cameraErrorKey, cameraSupported } from './errors';
export { fixOrNull, getFix, GeoError, GEO_OPTIONS, type Fix } from './position';
export { submitCapture, type SubmitOutcome } from './submit';
