import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { companyRiderUpdateInput } from '../../../src/shared/schemas/company-riders';
import { serverFieldError, useSchemaForm } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import type { FleetRider } from './RiderCard';
import { RegionSelect } from './RegionSelect';
import { VehicleOptions } from '../../../src/client/ui/VehicleOptions';

/** Edit one of the company's riders; the shared schema checks it here and on the server. */
export function EditRiderForm({ rider, onDone }: { rider: FleetRider; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useSchemaForm(companyRiderUpdateInput, {
    name: rider.name,
    phone: rider.phone,
    vehicleType: rider.vehicleType,
    licenseNumber: rider.licenseNumber,
    region: rider.region,
  });
  const save = useMutation(
    trpc.company.updateRider.mutationOptions({
      onSuccess: async () => {
        toast({ title: t('company.fleet.updated'), variant: 'success' });
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.company.riders.queryKey() });
      },
      onError: (err) => {
        const fields = serverFieldError(err);
        if (fields) form.setErrors(fields);
        toast({ title: t('company.fleet.saveFailed'), description: err.message, variant: 'destructive' });
      },
    }),
  );
  const { values: v, set, errors: err } = form;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.validate({ id: rider.id, ...v });
    if (data) save.mutate(data);
  };
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="edit-rider-form">
      <FormField label={t('form.name')} error={err.name}>
        <input className="input w-full" name="name" value={v.name} onChange={set('name')} />
      </FormField>
      <FormField label={t('form.phone')} error={err.phone}>
        <input className="input w-full" name="phone" type="tel" dir="ltr" value={v.phone} onChange={set('phone')} />
      </FormField>
      <FormField label={t('form.vehicleType')} error={err.vehicleType}>
        <select className="select w-full" name="vehicleType" value={v.vehicleType} onChange={set('vehicleType')}>
          <VehicleOptions />
        </select>
      </FormField>
      <FormField label={t('company.fleet.licenseNumber')} error={err.licenseNumber}>
        <input className="input w-full uppercase" name="licenseNumber" dir="ltr" value={v.licenseNumber} onChange={set('licenseNumber')} />
      </FormField>
      <FormField label={t('company.fleet.regionLabel')} error={err.region}>
        <RegionSelect name="region" value={v.region} onChange={set('region')} />
      </FormField>
      <div className="mt-2 flex items-end justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </button>
      </div>
    </form>
  );
}
