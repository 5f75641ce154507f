import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { riderUpdateInput } from '../../../../src/shared/schemas/oversight';
import { useSchemaForm } from '../../../../src/client/forms';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { FormField } from '../../../../src/client/ui/FormField';
import { FormActions } from '../FormActions';
import { useSaveFeedback } from './useSaveFeedback';
import { VehicleOptions } from '../../../../src/client/ui/VehicleOptions';

export interface EditableRider {
  id: string;
  name: string;
  phone: string;
  vehicleType: string;
  licenseNumber: string;
}

export function RiderEdit({ rider, onDone }: { rider: EditableRider; onDone: () => void }) {
  const t = useT();
  const form = useSchemaForm(riderUpdateInput, { name: rider.name, phone: rider.phone, vehicleType: rider.vehicleType, licenseNumber: rider.licenseNumber });
  const save = useMutation(trpc.admin.riderUpdate.mutationOptions(useSaveFeedback(onDone)));
  const { values: v, set, errors: err } = form;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate({ id: rider.id, ...v });
    if (data) save.mutate(data);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="rider-edit">
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" value={v.name} onChange={set('name')} />
      </FormField>
      <FormField label={t('form.phone')} error={err.phone}>
        <input className="input w-full" type="tel" dir="ltr" value={v.phone} onChange={set('phone')} />
      </FormField>
      <FormField label={t('form.vehicleType')} error={err.vehicleType}>
        <select className="select w-full" value={v.vehicleType} onChange={set('vehicleType')}>
          <VehicleOptions />
        </select>
      </FormField>
      <FormField label={t('oversight.licenseNumber')} error={err.licenseNumber}>
        <input className="input w-full uppercase" dir="ltr" value={v.licenseNumber} onChange={set('licenseNumber')} />
      </FormField>
      <FormActions pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
