import type { MessageKey } from '../../../src/shared/i18n';
import type { DocumentType } from '../../../src/shared/compliance/types';
import type { DocumentStatus } from '../../../src/shared/schemas/documents';
import { formatIsoDate } from '../../../src/shared/compliance/dates';
import { dateLocale, REGIONS, type RegionId } from '../../../src/shared/regions';
import { useLocale, useT } from '../../../src/client/i18n';
import { Badge } from '../../../src/client/ui/Badge';

/** Pieces the company's and the rider's document screens share. */
export interface DocumentFacts {
  id: string;
  type: DocumentType;
  number: string;
  expiresOn: string;
  status: DocumentStatus;
  daysLeft: number;
  hasPhoto: boolean;
  updatedAt: string;
}

export const typeName = (t: ReturnType<typeof useT>, type: DocumentType) => t(`documents.type.${type}` as MessageKey);

const TONE = { valid: 'success', expiring: 'warning', expired: 'error' } as const;

export function StatusBadge({ status }: { status: DocumentStatus | 'missing' }) {
  const t = useT();
  return (
    <Badge tone={status === 'missing' ? 'ghost' : TONE[status]} testId="document-status">
      {t(`documents.status.${status}` as MessageKey)}
    </Badge>
  );
}

/** A calendar day in the UI language, with the region's Arabic ('1 March 2099', '1 مارس 2099'). */
export function useIsoDate(region: RegionId) {
  const language = useLocale();
  return (iso: string) => formatIsoDate(iso, dateLocale(REGIONS[region], language));
}

/**
 * "Expires 1 March 2099" with "21 days left" / "Today is the last valid day" while expiring, or
 * "Expired on …"; the days left of a valid document only when asked (the rider's card).
 */
export function useExpiryText(region: RegionId, opts: { alwaysDaysLeft?: boolean } = {}) {
  const t = useT();
  const date = useIsoDate(region);
  return (d: Pick<DocumentFacts, 'status' | 'daysLeft' | 'expiresOn'>): { when: string; left: string | null } => {
    if (d.status === 'expired') return { when: t('documents.expiredOn', { date: date(d.expiresOn) }), left: null };
    const when = t('documents.expiresOn', { date: date(d.expiresOn) });
    if (d.status === 'valid' && !opts.alwaysDaysLeft) return { when, left: null };
    const left = d.daysLeft === 0 ? t('documents.lastDay') : d.daysLeft === 1 ? t('documents.daysLeftOne') : t('documents.daysLeftMany', { n: d.daysLeft });
    return { when, left };
  };
}

/** The expiry text; it wraps only between the date and the days left. */
export function ExpiryText({ text, testId }: { text: { when: string; left: string | null }; testId?: string }) {
  return (
    <span data-testid={testId}>
      <span className="whitespace-nowrap">{text.when}</span>
      {text.left ? (
        <>
          {' '}
          <span className="whitespace-nowrap">{`· ${text.left}`}</span>
        </>
      ) : null}
    </span>
  );
}

/** The photo's address; the version makes a replaced photo load anew. */
export const photoUrl = (d: Pick<DocumentFacts, 'id' | 'updatedAt'>) => `/api/documents/${encodeURIComponent(d.id)}/photo?v=${encodeURIComponent(d.updatedAt)}`;

/** A small photo that opens the full one in a new tab. */
export function PhotoThumb({ doc }: { doc: DocumentFacts }) {
  const t = useT();
  if (!doc.hasPhoto) return null;
  const url = photoUrl(doc);
  return (
    <a href={url} target="_blank" rel="noreferrer" className="shrink-0" title={t('documents.photo.view')} data-testid="document-photo">
      <img src={url} alt={t('documents.photo.alt', { document: typeName(t, doc.type) })} className="h-12 w-16 rounded-field border border-base-300 object-cover" />
    </a>
  );
}
