import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { newManagerInput } from '../../../../src/shared/schemas/managers';
import { serverFieldError, useSchemaForm } from '../../../../src/client/forms';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { FormField } from '../../../../src/client/ui/FormField';
import { CompanySelect } from '../CompanySelect';
import { ManagerInviteLink } from './ManagerInviteLink';

/** Add manager: another manager account for a company, then its one-time invitation link. */
export function AddManagerBody({ onDone }: { onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useSchemaForm(newManagerInput, { companyId: '', name: '', email: '' });
  const add = useMutation(
    trpc.admin.addManager.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.accounts.pathKey() }),
      onError: (err) => {
        const fields = serverFieldError(err);
        if (fields) form.setErrors(fields);
        else toast({ title: t('managers.add.failed'), description: err.message, variant: 'destructive' });
      },
    }),
  );
  const { values: v, set, errors: err } = form;
  if (add.data) return <ManagerInviteLink invitation={add.data} onDone={onDone} />;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate(v);
    if (data) add.mutate(data);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="add-manager-form">
      <p className="text-sm text-base-content/80 sm:col-span-2">{t('managers.add.text')}</p>
      <FormField label={t('form.company')} error={err.companyId} className="sm:col-span-2">
        <CompanySelect name="companyId" value={v.companyId} onChange={set('companyId')} />
      </FormField>
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" name="name" value={v.name} onChange={set('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('form.email')} error={err.email}>
        <input className="input w-full" name="email" type="email" dir="ltr" value={v.email} onChange={set('email')} autoComplete="off" />
      </FormField>
      <div className="mt-2 flex justify-end gap-2 sm:col-span-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={add.isPending} data-testid="add-manager-submit">
          {add.isPending ? t('form.saving') : t('managers.add.submit')}
        </button>
      </div>
    </form>
  );
}
