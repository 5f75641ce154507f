import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { companyUpdateInput } from '../../../../src/shared/schemas/oversight';
import { useSchemaForm } from '../../../../src/client/forms';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { FormField } from '../../../../src/client/ui/FormField';
import { FormActions } from '../FormActions';
import { useSaveFeedback } from './useSaveFeedback';

export interface EditableCompany {
  id: string;
  name: string;
  phone: string;
  address: string;
  contactPerson: string;
  sheetUrl: string | null;
}

export function CompanyEdit({ company, onDone }: { company: EditableCompany; onDone: () => void }) {
  const t = useT();
  const form = useSchemaForm(companyUpdateInput, {
    name: company.name,
    phone: company.phone,
    address: company.address,
    contactPerson: company.contactPerson,
    sheetUrl: company.sheetUrl ?? '',
  });
  const save = useMutation(trpc.admin.companyUpdate.mutationOptions(useSaveFeedback(onDone)));
  const { values: v, set, errors: err } = form;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate({ id: company.id, ...v });
    if (data) save.mutate(data);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="company-edit">
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" value={v.name} onChange={set('name')} />
      </FormField>
      <FormField label={t('form.phone')} error={err.phone}>
        <input className="input w-full" type="tel" dir="ltr" value={v.phone} onChange={set('phone')} />
      </FormField>
      <FormField label={t('form.contactPerson')} error={err.contactPerson}>
        <input className="input w-full" value={v.contactPerson} onChange={set('contactPerson')} />
      </FormField>
      <FormField label={t('form.address')} error={err.address}>
        <input className="input w-full" value={v.address} onChange={set('address')} />
      </FormField>
      <FormField label={t('oversight.sheetUrl')} error={err.sheetUrl} className="sm:col-span-2">
        <input className="input w-full" type="url" dir="ltr" placeholder="https://docs.google.com/spreadsheets/d/…" value={v.sheetUrl} onChange={set('sheetUrl')} />
      </FormField>
      <FormActions pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
