import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverFieldError, useSchemaForm } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { DateField } from '../../../src/client/ui/DateField';
import { FormField } from '../../../src/client/ui/FormField';
import type { DocumentType } from '../../../src/shared/compliance/types';
import { REGIONS, type RegionId } from '../../../src/shared/regions';
import { MAX_DOCUMENT_PHOTO_BYTES, saveDocumentInput } from '../../../src/shared/schemas/documents';
import type { Weekend } from '../../../src/shared/weekend';
import { PhotoThumb, typeName, type DocumentFacts } from './document-ui';

const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** PUT or DELETE the photo; the server's message when it refuses (413, 415, 404). */
async function sendPhoto(id: string, file: File | null): Promise<string | null> {
  const init: RequestInit = { method: file ? 'PUT' : 'DELETE', credentials: 'same-origin' };
  if (file) {
    const form = new FormData();
    form.set('image', file);
    init.body = form;
  }
  const res = await fetch(`/api/documents/${encodeURIComponent(id)}/photo`, init);
  if (res.ok) return null;
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? res.statusText;
}

/**
 * Add or update one document of a rider (the type is fixed): number, expiry date (the last valid
 * day, on the company's calendar) and an optional photo. Delete asks once more.
 */
export function DocumentForm(props: { riderId: string; type: DocumentType; doc: DocumentFacts | null; region: RegionId; weekend: Weekend; defaultNumber?: string; onDone: () => void }) {
  const { riderId, type, doc, region, weekend, onDone } = props;
  const t = useT();
  const qc = useQueryClient();
  const form = useSchemaForm(saveDocumentInput, { number: doc?.number ?? props.defaultNumber ?? '', expiresOn: doc?.expiresOn ?? '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [dropPhoto, setDropPhoto] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.company.riderDocuments.queryKey({ riderId }) }),
      qc.invalidateQueries({ queryKey: trpc.company.documentsOverview.queryKey() }),
    ]);
  const save = useMutation(trpc.company.saveDocument.mutationOptions());
  const remove = useMutation(trpc.company.deleteDocument.mutationOptions());

  const pick = (f: File | null) => {
    setFileError(f && f.size > MAX_DOCUMENT_PHOTO_BYTES ? t('errors.imageTooLarge') : undefined);
    setFile(f);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate({ riderId, type, ...form.values });
    if (!data || fileError) return;
    setBusy(true);
    try {
      const { document } = await save.mutateAsync(data);
      const photoProblem = file || (dropPhoto && doc?.hasPhoto) ? await sendPhoto(document.id, file) : null;
      await refresh();
      if (photoProblem) {
        setFileError(photoProblem);
        toast({ title: t('documents.photoFailed'), description: photoProblem, variant: 'destructive' });
        return;
      }
      toast({ title: t('documents.saved'), variant: 'success' });
      onDone();
    } catch (err) {
      const fields = serverFieldError(err);
      if (fields) form.setErrors(fields);
      toast({ title: t('documents.saveFailed'), description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    if (!doc) return;
    try {
      await remove.mutateAsync({ id: doc.id });
      await refresh();
      toast({ title: t('documents.deleted'), variant: 'success' });
      onDone();
    } catch (err) {
      toast({ title: t('documents.saveFailed'), description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    }
  };

  const { values: v, set, errors: err } = form;
  const name = typeName(t, type);
  return (
    <form className="mt-3 grid gap-3 rounded-box bg-base-200/60 p-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="document-form">
      <FormField label={t('documents.numberLabel')} error={err.number}>
        <input className="input w-full" name="number" dir="ltr" autoComplete="off" value={v.number} onChange={set('number')} aria-label={`${name} · ${t('documents.numberLabel')}`} />
      </FormField>
      <FormField label={t('documents.expiryLabel')} error={err.expiresOn}>
        <DateField name="expiresOn" value={v.expiresOn} onChange={(value) => set('expiresOn')({ target: { value } })} weekend={weekend} region={REGIONS[region]} label={t('documents.expiryLabel')} testId="document-expiry" />
        <span className="text-xs text-base-content/70">{t('documents.expiryHint')}</span>
      </FormField>
      <FormField label={t('documents.photoLabel')} error={fileError} className="sm:col-span-2">
        <div className="flex items-center gap-3">
          {doc?.hasPhoto && !dropPhoto && !file ? <PhotoThumb doc={doc} /> : null}
          <input type="file" accept={PHOTO_TYPES} className="file-input w-full min-w-0" name="photo" onChange={(e) => pick(e.target.files?.[0] ?? null)} data-testid="document-photo-input" />
        </div>
        <span className="flex flex-wrap items-center justify-between gap-2 text-xs text-base-content/70">
          {t('documents.photoHint')}
          {doc?.hasPhoto && !dropPhoto && !file ? (
            <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDropPhoto(true)}>
              {t('documents.photo.remove')}
            </button>
          ) : null}
        </span>
      </FormField>
      <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-2">
        {doc ? (
          confirming ? (
            <span className="me-auto flex items-center gap-2 text-sm">
              {t('documents.deleteConfirm')}
              <button type="button" className="btn btn-error btn-sm" onClick={onDelete} disabled={remove.isPending} data-testid="document-delete-confirm">
                {t('documents.delete')}
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-ghost btn-sm me-auto text-error" onClick={() => setConfirming(true)} data-testid="document-delete">
              {t('documents.delete')}
            </button>
          )
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy} data-testid="document-save">
          {busy ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
