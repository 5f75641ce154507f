import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';
import type { DocumentType } from '../../../src/shared/compliance/types';
import { REGION_WEEKEND } from '../../../src/shared/weekend';
import { DocumentForm } from './DocumentForm';
import { ExpiryText, PhotoThumb, StatusBadge, typeName, useExpiryText } from './document-ui';

/** The Documents button on a rider's card in the Fleet tab, with its dialog. */
export function RiderDocumentsButton({ rider }: { rider: { id: string; name: string } }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(true)} data-testid="rider-documents">
        {t('documents.title')}
      </button>
      {open ? <RiderDocumentsDialog rider={rider} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * One rider's documents for their company: each kind a Gulf delivery company keeps (the civil ID in
 * Kuwait, the Emirates ID in the UAE), its standing today, and Add / Update in place.
 */
export function RiderDocumentsDialog({ rider, onClose, initialType }: { rider: { id: string; name: string }; onClose: () => void; initialType?: DocumentType }) {
  const t = useT();
  const list = useQuery(trpc.company.riderDocuments.queryOptions({ riderId: rider.id }));
  const profile = useQuery(trpc.company.profile.queryOptions());
  const [editing, setEditing] = useState<DocumentType | null>(initialType ?? null);
  const region = list.data?.rider.zoneRegion ?? profile.data?.region ?? 'kuwait';
  const expiry = useExpiryText(region);
  const weekend = profile.data?.weekend ?? REGION_WEEKEND[region];

  const data = list.data;
  const recorded = new Map(data?.documents.map((d) => [d.type, d]));
  // The region's kinds, then anything else on record (an ID card of the other country).
  const types = data ? [...data.types, ...data.documents.map((d) => d.type).filter((ty) => !data.types.includes(ty))] : [];

  return (
    <Modal open onClose={onClose} title={t('documents.dialogTitle', { name: rider.name })} testId="documents-dialog">
      {list.isError ? <p className="text-error">{t('documents.loadFailed')}</p> : null}
      {!data && !list.isError ? <div className="skeleton h-64 w-full" /> : null}
      <ul className="divide-y divide-base-200">
        {types.map((type) => {
          const doc = recorded.get(type) ?? null;
          return (
            <li key={type} className="py-3" data-testid="document-row" data-type={type} data-status={doc?.status ?? 'missing'}>
              <div className="flex items-center gap-3">
                <div className="min-w-0 grow">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {typeName(t, type)}
                    <StatusBadge status={doc?.status ?? 'missing'} />
                  </p>
                  {doc ? (
                    <p className="text-sm text-base-content/70">
                      {doc.number ? (
                        <>
                          <span dir="ltr">{doc.number}</span>
                          {' · '}
                        </>
                      ) : null}
                      <ExpiryText text={expiry(doc)} testId="document-expiry-line" />
                    </p>
                  ) : null}
                </div>
                {doc && editing !== type ? <PhotoThumb doc={doc} /> : null}
                {editing !== type ? (
                  <button type="button" className={`btn btn-sm ${doc ? 'btn-ghost' : 'btn-outline btn-primary'}`} onClick={() => setEditing(type)} data-testid="document-edit">
                    {doc ? t('documents.edit') : t('documents.add')}
                  </button>
                ) : null}
              </div>
              {editing === type && data ? (
                <DocumentForm
                  key={type}
                  riderId={rider.id}
                  type={type}
                  doc={doc}
                  region={region}
                  weekend={weekend}
                  defaultNumber={type === 'driving_licence' ? data.rider.licenseNumber : undefined}
                  onDone={() => setEditing(null)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
