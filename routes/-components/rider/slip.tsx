import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { readingLabel } from '../../../src/client/ocr/label';
import type { OcrConfirmed } from '../../../src/client/ocr/OcrDialog';
import { cameraSupported } from '../../../src/client/scanner/errors';
import { Icon } from '../../../src/client/ui/Icon';
import { toDecimalString, toMinor, type Currency } from '../../../src/shared/money';
import { captureRefOf, type CaptureRef } from '../app/actions';

export interface Slip {
  ref: CaptureRef;
  /** The amount confirmed from the slip, in minor units of `currency`. */
  minor: number;
  currency: Currency;
}

/**
 * "Scan cash slip" for a cash hand-over: the OCR dialog (imageType cash) prefills the amount, and
 * the slip's photo goes with the submission so the reviewer sees both amounts.
 */
export function useSlipScan(currency: Currency, fill: (text: string) => void) {
  const [scanning, setScanning] = useState(false);
  const [slip, setSlip] = useState<Slip | null>(null);
  return {
    scanning,
    slip,
    open: () => setScanning(true),
    cancel: () => setScanning(false),
    reset: () => {
      setSlip(null);
      setScanning(false);
    },
    confirmed: ({ value, reading, outcome }: OcrConfirmed) => {
      setScanning(false);
      const slipCurrency = reading.currency ?? currency;
      setSlip({ ref: captureRefOf(outcome), minor: value, currency: slipCurrency });
      if (slipCurrency === currency) fill(toDecimalString(value, currency));
    },
  };
}

export type SlipScan = ReturnType<typeof useSlipScan>;

/** Under the amount: the Scan cash slip button, or the slip's amount, with a warning when the amount differs. */
export function SlipNote({ slip, amount, currency }: { slip: SlipScan; amount: number | null; currency: Currency }) {
  const t = useT();
  const s = slip.slip;
  if (!s) {
    return cameraSupported() ? (
      <button type="button" className="btn btn-outline btn-block gap-2" onClick={slip.open} data-testid="scan-slip">
        <Icon name="camera" />
        {t('riderDash.cash.scanSlip')}
      </button>
    ) : null;
  }
  const label = readingLabel(s.minor, 'money', s.currency);
  const differs = amount !== null && (s.currency !== currency || toMinor(amount, currency) !== s.minor);
  return (
    <div className="space-y-2 text-sm">
      <p className="flex items-center gap-2 text-success" data-testid="slip-attached">
        <Icon name="check" className="size-4" />
        {t('riderDash.cash.slip', { amount: label })}
        <button type="button" className="btn btn-link btn-sm ms-auto px-0" onClick={slip.open}>
          {t('app.duty.rescan')}
        </button>
      </p>
      {differs ? (
        <p role="alert" className="alert alert-warning alert-soft px-3 py-2" data-testid="slip-mismatch">
          {t('riderDash.cash.slipMismatch', { amount: label })}
        </p>
      ) : null}
    </div>
  );
}
