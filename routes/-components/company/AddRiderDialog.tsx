import { useState, type FormEvent } from 'react';
import type { Currency } from '../../../src/shared/money';
import { newRiderInput, newRiderMessages } from '../../../src/shared/schemas/company-riders';
import { issuesToErrors, type FieldErrors } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { FormField } from '../../../src/client/ui/FormField';
import { Modal } from '../../../src/client/ui/Modal';
import { PhoneInput } from '../../../src/client/ui/Phone';
import { RegionSelect } from './RegionSelect';
import { useAddRider } from './useAddRider';
import { VehicleOptions } from '../../../src/client/ui/VehicleOptions';

const EMPTY = { name: '', email: '', phone: '', vehicleType: '', licenseNumber: '', region: '' };

/**
 * Spec section 4 "Add rider dialog" and section 5 "Company add rider": every failing
 * message joined with '. ' in one 'Validation Error' toast, and each field marked with its own
 * message (as the admin's form does; the server's refusal too). The values live here, not in
 * the dialog body, so closing without saving keeps them; success resets them.
 */
export function AddRiderDialog({ open, onClose, currency }: { open: boolean; onClose: () => void; currency: Currency | undefined }) {
  const t = useT();
  const [v, setValues] = useState(EMPTY);
  const [err, setErrors] = useState<FieldErrors>({});
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((cur) => ({ ...cur, [key]: e.target.value }));
  // Until the manager picks one, the region is the company's own currency (KWD when unknown).
  const region = v.region || currency || 'KWD';
  const add = useAddRider(() => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  }, setErrors);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const raw = { ...v, region };
    const parsed = newRiderInput.safeParse(raw);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      toast({ title: t('company.fleet.validation'), description: newRiderMessages(raw).join('. '), variant: 'destructive' });
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('company.fleet.add')} testId="add-rider-dialog">
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="add-rider-form">
        <FormField label={t('form.name')} error={err.name}>
          <input className="input w-full" name="name" autoComplete="off" value={v.name} onChange={set('name')} />
        </FormField>
        <FormField label={t('form.email')} error={err.email}>
          <input className="input w-full" name="email" type="email" dir="ltr" autoComplete="off" value={v.email} onChange={set('email')} />
        </FormField>
        <FormField label={t('form.phone')} error={err.phone}>
          <PhoneInput name="phone" region={region === 'AED' ? 'uae' : 'kuwait'} value={v.phone} onChange={set('phone')} />
        </FormField>
        <FormField label={t('form.vehicleType')} error={err.vehicleType}>
          <select className="select w-full" name="vehicleType" value={v.vehicleType} onChange={set('vehicleType')}>
            <option value="" disabled>
              {t('company.fleet.selectVehicle')}
            </option>
            <VehicleOptions />
          </select>
        </FormField>
        <FormField label={t('company.fleet.licenseNumber')} error={err.licenseNumber}>
          <input className="input w-full uppercase" name="licenseNumber" dir="ltr" autoComplete="off" value={v.licenseNumber} onChange={set('licenseNumber')} />
        </FormField>
        <FormField label={t('company.fleet.regionLabel')} error={err.region}>
          <RegionSelect name="region" value={region} onChange={set('region')} />
        </FormField>
        <div className="mt-2 flex justify-end gap-2 sm:col-span-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={add.isPending} data-testid="add-rider-submit">
            {add.isPending ? t('company.fleet.adding') : t('company.fleet.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
