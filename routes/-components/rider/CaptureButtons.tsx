import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { numberText } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { OcrDialog } from '../../../src/client/ocr/LazyOcrDialog';
import type { OcrConfirmed } from '../../../src/client/ocr/OcrDialog';
import { onOutboxSettled } from '../../../src/client/outbox';
import { ScannerIcon } from '../../../src/client/scanner/icons';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import type { OcrImageType } from '../../../src/shared/schemas/ocr';
import { captureRefOf, dutyEnd, dutyStart } from '../app/actions';

/**
 * Header buttons that open the OCR dialog. Odometer: the confirmed reading starts the duty (off duty)
 * or ends it (on duty), with the photo attached; Receipt: the total is stored with the photo.
 */
export function CaptureButtons() {
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OcrImageType | null>(null);
  // Start or end of duty decides the next Odometer scan: refetch it when a duty write lands.
  useEffect(() => onOutboxSettled(() => void queryClient.invalidateQueries({ queryKey: trpc.rider.duty.queryKey() })), [queryClient]);
  const today = useQuery(trpc.tracking.today.queryOptions()).data;
  const duty = useQuery(trpc.rider.duty.queryOptions()).data;
  const onDuty = duty ? true : duty === null ? false : (today?.route.onDuty ?? false);
  const startKm = duty?.startOdometer ?? null;

  async function confirmed(type: OcrImageType, { value, outcome }: OcrConfirmed) {
    setOpen(null);
    if (type !== 'start_odometer' && type !== 'end_odometer') return;
    const ref = captureRefOf(outcome);
    const written = type === 'start_odometer' ? await dutyStart(value, ref) : await dutyEnd(value, ref);
    if (written.kind !== 'sent') return; // queued or refused: the outbox has said so
    toast({ title: type === 'start_odometer' ? t('app.duty.started') : t('app.duty.ended', { km: numberText(value - (startKm ?? value)) }), variant: 'success' });
  }

  const odometer = onDuty ? 'end_odometer' : 'start_odometer';
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm sm:btn-md" onClick={() => setOpen(odometer)} data-testid="capture-odometer">
        <ScannerIcon name="gauge" className="size-5" />
        {t('riderDash.capture.odometer')}
      </button>
      <button type="button" className="btn btn-outline btn-primary btn-sm sm:btn-md" onClick={() => setOpen('receipt')} data-testid="capture-receipt">
        <ScannerIcon name="receipt" className="size-5" />
        {t('riderDash.capture.receipt')}
      </button>
      {open ? (
        <OcrDialog
          key={open}
          type={open}
          currency={today?.currency}
          confirmLabel={open === 'start_odometer' ? t('riderDash.capture.confirmStart') : open === 'end_odometer' ? t('riderDash.capture.confirmEnd') : undefined}
          validate={open === 'end_odometer' && startKm !== null ? (km) => (km < startKm ? t('app.duty.endBelowStart', { end: km, start: startKm }) : null) : undefined}
          onConfirmed={(done) => void confirmed(open, done)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
