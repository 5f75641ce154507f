import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { useLocale, useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import { DIVISIONS, type AddressCountry } from '../../../src/shared/gulf/areas';
import type { AddressPartsInput } from '../../../src/shared/schemas/address';
import { AreaCombobox } from './AreaCombobox';

const PinMap = lazy(() => import('./PinMap').then((m) => ({ default: m.PinMap })));

/** What the fields hold while the user types: every value a string, the pin a point or null. */
export interface AddressDraft {
  country: AddressCountry;
  division: string;
  area: string;
  block: string;
  street: string;
  building: string;
  floor: string;
  flat: string;
  paci: string;
  makani: string;
  landmark: string;
  pin: { lat: number; lng: number } | null;
  showMap: boolean;
}

export const emptyAddress = (country: AddressCountry): AddressDraft => ({
  country,
  division: '',
  area: '',
  block: '',
  street: '',
  building: '',
  floor: '',
  flat: '',
  paci: '',
  makani: '',
  landmark: '',
  pin: null,
  showMap: false,
});

/** The draft as the shared `addressParts` schema reads it. */
export function draftToParts(d: AddressDraft): AddressPartsInput {
  const common = { area: d.area, street: d.street, building: d.building, landmark: d.landmark, pin: d.pin ?? undefined };
  return d.country === 'KW'
    ? { country: 'KW', governorate: d.division, ...common, block: d.block, floor: d.floor, flat: d.flat, paci: d.paci }
    : { country: 'AE', emirate: d.division, ...common, makani: d.makani };
}

type TextKey = 'block' | 'street' | 'building' | 'floor' | 'flat' | 'paci' | 'makani' | 'landmark';

/**
 * A Gulf address (issue 8 item 4): Kuwait governorate, area, block, street, building, floor, flat, PACI;
 * UAE emirate, area, street, building, Makani; a landmark and an optional pin on a small map for both.
 * `errors` are keyed by the schema's field names ('area', 'block', …).
 */
export function GulfAddressFields({
  name,
  legend,
  value,
  onChange,
  errors = {},
  onFreeText,
}: {
  name: string;
  legend: string;
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  errors?: Record<string, string | undefined>;
  onFreeText?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const kw = value.country === 'KW';
  const config = useQuery({ ...trpc.tracking.mapConfig.queryOptions(), staleTime: Infinity, enabled: value.showMap });
  const set = (patch: Partial<AddressDraft>) => onChange({ ...value, ...patch });
  const err = (key: string) => errors[key] || undefined;
  const optional = (label: string) => t('address.optional', { label });
  const field = (key: TextKey, label: string, extra: Record<string, string> = {}) => (
    <FormField label={label} error={err(key)}>
      <input className={`input w-full ${err(key) ? 'input-error' : ''}`} name={`${name}.${key}`} value={value[key]} onChange={(e) => set({ [key]: e.target.value })} {...extra} />
    </FormField>
  );
  const divisionError = err(kw ? 'governorate' : 'emirate');

  return (
    <fieldset className="rounded-box border border-base-300 p-3 sm:col-span-2" data-testid={`${name}-fields`} data-country={value.country}>
      <legend className="px-1 text-sm font-semibold">
        {legend} <span className="font-normal text-base-content/70">· {t(`address.country.${value.country}`)}</span>
      </legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-3">
        <FormField label={t(kw ? 'address.governorate' : 'address.emirate')} error={divisionError} className="col-span-2 sm:col-span-1">
          <select
            className={`select w-full ${divisionError ? 'select-error' : ''}`}
            name={`${name}.${kw ? 'governorate' : 'emirate'}`}
            value={value.division}
            onChange={(e) => set({ division: e.target.value, area: '' })}
          >
            <option value="">{t('address.choose')}</option>
            {DIVISIONS[value.country].map((d) => (
              <option key={d.id} value={d.id}>
                {d[locale]}
              </option>
            ))}
          </select>
        </FormField>
        <div className="col-span-2">
          <AreaCombobox country={value.country} division={value.division} value={value.area} onChange={(area) => set({ area })} label={t('address.area')} error={err('area')} name={`${name}.area`} />
        </div>
        {kw ? field('block', t('address.block'), { inputMode: 'text', dir: 'auto' }) : null}
        {field('street', kw ? t('address.street') : optional(t('address.street')), { dir: 'auto' })}
        {field('building', t('address.building'), { dir: 'auto' })}
        {kw ? field('floor', optional(t('address.floor')), { dir: 'auto' }) : null}
        {kw ? field('flat', optional(t('address.flat')), { dir: 'auto' }) : null}
        {kw
          ? field('paci', optional(t('address.paci')), { inputMode: 'numeric', dir: 'ltr' })
          : field('makani', optional(t('address.makani')), { inputMode: 'numeric', dir: 'ltr', placeholder: '12345 67890' })}
        <div className="col-span-2 sm:col-span-3">{field('landmark', optional(t('address.landmark')), { placeholder: t('address.landmarkHint'), dir: 'auto' })}</div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <label className="label cursor-pointer gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" checked={value.showMap} onChange={(e) => set({ showMap: e.target.checked })} aria-controls={`${id}-map`} />
          {optional(t('address.pin'))}
        </label>
        {onFreeText ? (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={onFreeText} data-testid={`${name}-free-text`}>
            {t('address.freeText')}
          </button>
        ) : null}
      </div>
      {value.showMap ? (
        <div id={`${id}-map`} className="mt-2 grid gap-1">
          <p className="text-xs text-base-content/70">{t('address.pinHint')}</p>
          <Suspense fallback={<div className="skeleton h-56 w-full" />}>
            <PinMap country={value.country} pin={value.pin} onPin={(pin) => set({ pin })} tileUrl={config.data?.tileUrl} attribution={config.data?.attribution} label={t('address.pin')} />
          </Suspense>
          {value.pin ? (
            <div className="flex items-center gap-2 text-xs">
              <span data-testid={`${name}-pin`}>
                {t('address.pinSet', { lat: value.pin.lat.toFixed(5), lng: value.pin.lng.toFixed(5) })}
              </span>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => set({ pin: null })}>
                {t('address.pinClear')}
              </button>
            </div>
          ) : null}
          {err('pin') ? (
            <span className="text-xs text-error" role="alert">
              {err('pin')}
            </span>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
