import { useId, type FormEvent } from 'react';
import { numericInput } from '../format';
import type { MessageKey } from '../../shared/i18n';
import type { Currency } from '../../shared/money';
import type { OcrImageType, OcrResult, OcrRoi } from '../../shared/schemas/ocr';
import { useT } from '../i18n';
import { ScannerIcon } from '../scanner/icons';
import { ReadingCrop } from './ReadingCrop';
import { reviewRoi } from './roi';
import { readingKind } from './reading';

export type ReviewWhy = 'read' | 'failed' | 'offline';

export interface ReviewProps {
  type: OcrImageType;
  currency: Currency;
  shot: { image: string; roi: OcrRoi | null; aspect: number };
  result: OcrResult | null;
  why: ReviewWhy;
  text: string;
  error: string | null;
  saving: boolean;
  confirmLabel: string;
  onText: (text: string) => void;
  onRetake: () => void;
  onConfirm: (e: FormEvent) => void;
}

/**
 * The read value, big and editable, under the part of the photo it was read from (zoomed on the
 * found digits, else the guide frame): the rider confirms it,
 * corrects it (a warning asks them to look when OCR was unsure), or types it when OCR could not
 * read the photo or there is no connection. Retake goes back to the camera.
 */
export function OcrReview({ type, currency, shot, result, why, text, error, saving, confirmLabel, onText, onRetake, onConfirm }: ReviewProps) {
  const t = useT();
  const inputId = useId();
  const noteId = useId();
  const kind = readingKind(type);
  const unit = kind === 'odometer' ? t('ocr.unit.km') : currency;
  return (
    <form
      onSubmit={onConfirm}
      noValidate
      className="flex flex-col gap-3 rounded-t-2xl bg-base-100 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-base-content sm:h-full sm:justify-center sm:rounded-none sm:p-6"
      data-testid="ocr-review"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-base-content/70">{t('ocr.check')}</p>
      <ReadingCrop image={shot.image} roi={reviewRoi(result?.region, shot.roi)} aspect={shot.aspect} />
      <label htmlFor={inputId} className="text-sm font-medium">
        {t(`ocr.label.${kind === 'odometer' ? 'odometer' : type}` as MessageKey)}
      </label>
      <div className={`input input-xl h-16 w-full gap-3 ${error ? 'input-error' : ''} ${why === 'read' && result?.lowConfidence ? 'input-warning' : ''}`}>
        {kind === 'money' ? <span className="text-base font-semibold text-base-content/70">{unit}</span> : null}
        <input
          id={inputId}
          className="min-w-0 grow text-3xl font-bold tabular-nums"
          inputMode={kind === 'odometer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          autoFocus={why !== 'read'}
          value={text}
          dir="ltr"
          onChange={(e) => onText(numericInput(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          data-testid="ocr-value"
        />
        {kind === 'odometer' ? <span className="text-base font-semibold text-base-content/70">{unit}</span> : null}
      </div>
      <div id={noteId} className="space-y-2 text-sm">
        {why === 'read' && result?.lowConfidence ? (
          <p role="alert" className="alert alert-warning alert-soft px-3 py-2" data-testid="ocr-low-confidence">
            {t('ocr.lowConfidence')}
          </p>
        ) : null}
        {why === 'read' && result ? (
          <p className="text-base-content/70" data-testid="ocr-confidence">
            {t('ocr.confidence', { percent: Math.round(result.confidence) })}
          </p>
        ) : null}
        {why === 'failed' ? (
          <p className="alert alert-error alert-soft px-3 py-2" data-testid="ocr-failed">
            {t('ocr.failedHint')}
          </p>
        ) : null}
        {why === 'offline' ? (
          <p className="alert alert-info alert-soft px-3 py-2" data-testid="ocr-offline">
            {t('ocr.offline')}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-error" data-testid="ocr-error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 pt-1">
        <button type="button" className="btn btn-outline h-12" disabled={saving} onClick={onRetake} data-testid="ocr-retake">
          <ScannerIcon name="retake" className="size-5" />
          {t('scanner.retake')}
        </button>
        <button type="submit" className="btn btn-primary h-12" disabled={saving} data-testid="ocr-confirm">
          {saving ? <span className="loading loading-spinner loading-sm" /> : <ScannerIcon name="check" className="size-5" />}
          {saving ? t('scanner.saving') : confirmLabel}
        </button>
      </div>
    </form>
  );
}
