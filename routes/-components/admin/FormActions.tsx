import { useT } from '../../../src/client/i18n';

export function FormActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="mt-2 flex justify-end gap-2 sm:col-span-2">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        {t('form.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? t('form.saving') : t('form.save')}
      </button>
    </div>
  );
}
