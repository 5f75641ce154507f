import { lazy, Suspense } from 'react';
import type { OcrDialogProps } from './OcrDialog';

const Dialog = lazy(() => import('./OcrDialog').then((m) => ({ default: m.OcrDialog })));

/**
 * The OCR dialog, downloaded when it is first opened: the camera, the OCR review and the reading schema are
 * no part of the rider app's first download (issue 10 budgets). Same props and behaviour as OcrDialog.tsx.
 */
export function OcrDialog(props: OcrDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
