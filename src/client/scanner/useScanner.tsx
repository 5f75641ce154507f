import { useState, type ReactNode } from 'react';
import type { CaptureType } from '../../shared/schemas/capture-types';
import { Scanner, type ScannerDone, type ScannerProps } from './Scanner';

/**
 * Open the scanner from anywhere: `const scanner = useScanner({ onDone })`, then
 * `scanner.open('receipt')` and render `{scanner.element}`.
 */
export function useScanner(opts: { onDone?: (done: ScannerDone) => void; submit?: ScannerProps['submit'] } = {}) {
  const [type, setType] = useState<CaptureType | null>(null);
  const close = () => setType(null);
  const element: ReactNode = type ? (
    <Scanner
      key={type}
      type={type}
      submit={opts.submit}
      onClose={close}
      onDone={(done) => {
        close();
        opts.onDone?.(done);
      }}
    />
  ) : null;
  return { open: (next: CaptureType) => setType(next), close, isOpen: type !== null, type, element };
}
