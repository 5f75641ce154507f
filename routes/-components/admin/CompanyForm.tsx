import { useState } from 'react';
import { companyInput } from '../../../src/shared/schemas/admin';
import { REGION_IDS } from '../../../src/shared/regions';
import type { MessageKey } from '../../../src/shared/i18n';
import { useT } from '../../../src/client/i18n';
import { trpcClient } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import { FormActions } from './FormActions';
import { useCreateForm } from './useCreateForm';
import { ManagerInviteLink, type ManagerInvitation } from './managers/ManagerInviteLink';

const INITIAL = { name: '', email: '', phone: '', address: '', contactPerson: '', region: 'kuwait' };

/** Add Company: on success the form gives way to the new manager's one-time invitation link. */
export function CompanyForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [created, setCreated] = useState<ManagerInvitation | null>(null);
  const { form, onSubmit, pending } = useCreateForm({
    schema: companyInput,
    initial: INITIAL,
    send: (input): Promise<ManagerInvitation> => trpcClient.admin.createCompany.mutate(input),
    success: 'admin.toast.companyAdded',
    failure: 'admin.toast.errorCompany',
    onDone,
    onCreated: setCreated,
  });
  const { values: v, set, errors: err } = form;
  if (created) {
    return (
      <div className="space-y-3">
        <p className="font-medium" data-testid="company-created">
          {t('managers.invite.created', { company: created.company.name, email: created.manager.email })}
        </p>
        <ManagerInviteLink invitation={created} onDone={onDone} />
      </div>
    );
  }
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="company-form">
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" name="name" value={v.name} onChange={set('name')} autoComplete="organization" />
      </FormField>
      <FormField label={t('form.email')} error={err.email}>
        <input className="input w-full" name="email" type="email" value={v.email} onChange={set('email')} aria-describedby="company-email-hint" />
        <span id="company-email-hint" className="text-xs text-base-content/70">
          {t('managers.companyForm.emailHint')}
        </span>
      </FormField>
      <FormField label={t('form.phone')} error={err.phone}>
        <input className="input w-full" name="phone" type="tel" dir="ltr" placeholder={t('form.phoneHint')} value={v.phone} onChange={set('phone')} />
      </FormField>
      <FormField label={t('form.contactPerson')} error={err.contactPerson}>
        <input className="input w-full" name="contactPerson" value={v.contactPerson} onChange={set('contactPerson')} />
      </FormField>
      <FormField label={t('form.address')} error={err.address} className="sm:col-span-2">
        <input className="input w-full" name="address" value={v.address} onChange={set('address')} />
      </FormField>
      <FormField label={t('form.region')} error={err.region}>
        <select className="select w-full" name="region" value={v.region} onChange={set('region')}>
          {REGION_IDS.map((r) => (
            <option key={r} value={r}>
              {t(`region.${r}` as MessageKey)}
            </option>
          ))}
        </select>
      </FormField>
      <FormActions pending={pending} onCancel={onDone} />
    </form>
  );
}
