import { adminRiderInput } from '../../../src/shared/schemas/admin';
import { useT } from '../../../src/client/i18n';
import { trpcClient } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import { CompanySelect } from './CompanySelect';
import { FormActions } from './FormActions';
import { useCreateForm } from './useCreateForm';
import { VehicleOptions } from '../../../src/client/ui/VehicleOptions';

const INITIAL = { name: '', email: '', phone: '', vehicleType: 'motorcycle', licensePlate: '', company: '' };

export function RiderForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { form, onSubmit, pending } = useCreateForm({
    schema: adminRiderInput,
    initial: INITIAL,
    send: (input) => trpcClient.admin.createRider.mutate(input),
    success: 'admin.toast.riderAdded',
    failure: 'admin.toast.errorRider',
    onDone,
  });
  const { values: v, set, errors: err } = form;
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="rider-form">
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" name="name" value={v.name} onChange={set('name')} />
      </FormField>
      <FormField label={t('form.email')} error={err.email}>
        <input className="input w-full" name="email" type="email" value={v.email} onChange={set('email')} />
      </FormField>
      <FormField label={t('form.phone')} error={err.phone}>
        <input className="input w-full" name="phone" type="tel" dir="ltr" placeholder={t('form.phoneHint')} value={v.phone} onChange={set('phone')} />
      </FormField>
      <FormField label={t('form.vehicleType')} error={err.vehicleType}>
        <select className="select w-full" name="vehicleType" value={v.vehicleType} onChange={set('vehicleType')}>
          <VehicleOptions />
        </select>
      </FormField>
      <FormField label={t('form.licensePlate')} error={err.licensePlate}>
        <input className="input w-full uppercase" name="licensePlate" dir="ltr" value={v.licensePlate} onChange={set('licensePlate')} />
      </FormField>
      <FormField label={t('form.company')} error={err.company}>
        <CompanySelect name="company" value={v.company} onChange={set('company')} />
      </FormField>
      <FormActions pending={pending} onCancel={onDone} />
    </form>
  );
}
