import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { useScanner } from '../../../src/client/scanner';
import { ScannerIcon } from '../../../src/client/scanner/icons';

/** Header buttons that open the scanner: the odometer (start or end of duty) and a receipt. */
export function CaptureButtons() {
  const t = useT();
  const scanner = useScanner();
  const onDuty = useQuery(trpc.tracking.today.queryOptions()).data?.route.onDuty ?? false;
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm sm:btn-md" onClick={() => scanner.open(onDuty ? 'end_odometer' : 'start_odometer')} data-testid="capture-odometer">
        <ScannerIcon name="gauge" className="size-5" />
        {t('riderDash.capture.odometer')}
      </button>
      <button type="button" className="btn btn-outline btn-primary btn-sm sm:btn-md" onClick={() => scanner.open('receipt')} data-testid="capture-receipt">
        <ScannerIcon name="receipt" className="size-5" />
        {t('riderDash.capture.receipt')}
      </button>
      {scanner.element}
    </>
  );
}
