import { useEffect, useState } from 'react';
import { numericInput } from '../../../src/client/format';
import { orderInput, parseFee, type OrderInput } from '../../../src/shared/schemas/admin';
import { PRIORITIES } from '../../../src/shared/schemas/fields';
import { CURRENCIES, MINOR_DIGITS, type Currency } from '../../../src/shared/money';
import type { MessageKey } from '../../../src/shared/i18n';
import { useT } from '../../../src/client/i18n';
import { trpcClient } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import { CompanySelect, useCompanyCurrency } from './CompanySelect';
import { FormActions } from './FormActions';
import { useCreateForm } from './useCreateForm';
import { draftToParts, emptyAddress, GulfAddressFields, type AddressDraft } from '../address/GulfAddressFields';
import { countryOfRegion } from '../../../src/shared/gulf/areas';
import { formatAddress } from '../../../src/shared/gulf/format';
import { addressParts } from '../../../src/shared/schemas/address';
import { useLocale } from '../../../src/client/i18n';
import { regionOfCurrency, type RegionId } from '../../../src/shared/regions';

const INITIAL = {
  companyId: '',
  customerName: '',
  customerPhone: '',
  customerEmail: '',
  pickupAddress: '',
  deliveryAddress: '',
  itemDescription: '',
  deliveryFee: '',
  codAmount: '',
  currency: 'KWD',
  priority: 'normal',
  notes: '',
};

/**
 * The order form. An admin chooses the company; a company manager passes `company`
 * (no picker, the currency fixed to the company's) and its own `send`.
 */
export function OrderForm({ onDone, company, send = (input) => trpcClient.admin.createOrder.mutate(input) }: { onDone: () => void; company?: { currency: Currency; region?: RegionId }; send?: (input: OrderInput) => Promise<unknown> }) {
  const t = useT();
  const locale = useLocale();
  // A company's form offers the structured Gulf address of its country (issue 8); free text stays one tap away.
  // The admin's form starts on free text (spec section 3) and offers the country of the order's currency.
  const companyCountry = company?.region ? countryOfRegion(company.region) : null;
  const [pickup, setPickup] = useState<AddressDraft | null>(companyCountry ? emptyAddress(companyCountry) : null);
  const [delivery, setDelivery] = useState<AddressDraft | null>(companyCountry ? emptyAddress(companyCountry) : null);
  // The text column is filled from the parts (the server writes it again in the same words).
  const withParts = (draft: AddressDraft | null, text: string) => {
    if (!draft) return { text, parts: undefined };
    const parts = draftToParts(draft);
    const parsed = addressParts.safeParse(parts);
    return { text: parsed.success ? formatAddress(parsed.data, locale) : text || '-', parts };
  };
  const { form, onSubmit, pending } = useCreateForm({
    schema: orderInput,
    initial: company ? { ...INITIAL, currency: company.currency } : INITIAL,
    send,
    success: 'admin.toast.orderCreated',
    failure: 'admin.toast.errorOrder',
    onDone,
    toInput: (v) => {
      const p = withParts(pickup, v.pickupAddress);
      const d = withParts(delivery, v.deliveryAddress);
      return {
        ...v,
        companyId: v.companyId || undefined,
        deliveryFee: parseFee(v.deliveryFee),
        codAmount: parseFee(v.codAmount),
        pickupAddress: p.text,
        deliveryAddress: d.text,
        pickupAddressParts: p.parts,
        deliveryAddressParts: d.parts,
      };
    },
  });
  const { values: v, set, errors: err, setValues } = form;
  const companyCurrency = useCompanyCurrency(v.companyId, !company);
  // A company's amounts are always in its own currency: say so on the label instead of offering a choice.
  const inCurrency = (label: string) => (company ? t('companyOrders.form.inCurrency', { label, currency: company.currency }) : label);
  // An order is in its company's currency.
  useEffect(() => {
    if (companyCurrency) setValues((x) => ({ ...x, currency: companyCurrency }));
  }, [companyCurrency, setValues]);
  // The admin's address country follows the currency (KWD Kuwait, AED UAE); a company's is its own region.
  const country = company ? companyCountry : countryOfRegion(regionOfCurrency(v.currency as Currency).id);
  // Another country: the structured parts typed so far belong to the old one, so they start again.
  useEffect(() => {
    if (!country) return;
    setPickup((d) => (d && d.country !== country ? emptyAddress(country) : d));
    setDelivery((d) => (d && d.country !== country ? emptyAddress(country) : d));
  }, [country]);
  const text = (key: keyof typeof INITIAL, label: MessageKey, extra: Record<string, string> = {}) => (
    <FormField label={t(label)} error={err[key]}>
      <input className="input w-full" name={key} value={v[key]} onChange={set(key)} {...extra} />
    </FormField>
  );
  /** A money field in the order's currency: its decimals as the hint; Arabic-Indic digits accepted. */
  const moneyInput = (key: 'deliveryFee' | 'codAmount') => (
    <input
      className="input w-full"
      name={key}
      type="text"
      inputMode="decimal"
      dir="ltr"
      placeholder={(0).toFixed(MINOR_DIGITS[v.currency as Currency] ?? 3)}
      value={v[key]}
      onChange={(e) => set(key)({ target: { value: numericInput(e.target.value) } })}
    />
  );
  /** A structured address's errors by its own field names ('area', 'block', …). */
  const nested = (prefix: string) => {
    const out: Record<string, string> = {};
    for (const [k, m] of Object.entries(err)) if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = m;
    if (err[prefix] && !Object.keys(out).length) out.area = err[prefix]!;
    return out;
  };
  const addressText = (key: 'pickupAddress' | 'deliveryAddress', label: MessageKey, structured: (() => void) | null) => (
    <div className={structured ? 'sm:col-span-2' : ''}>
      {text(key, label)}
      {structured ? (
        <button type="button" className="btn btn-link btn-sm px-0" onClick={structured} data-testid={`${key}-structured`}>
          {t('address.structured')}
        </button>
      ) : null}
    </div>
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate data-testid="order-form">
      {company ? null : (
        <FormField label={t('form.company')} error={err.companyId} className="sm:col-span-2">
          <CompanySelect name="companyId" value={v.companyId} onChange={set('companyId')} />
        </FormField>
      )}
      {text('customerName', 'form.customerName')}
      {text('customerPhone', 'form.customerPhone', { type: 'tel', dir: 'ltr', placeholder: t('form.phoneHint') })}
      {text('customerEmail', 'form.customerEmail', { type: 'email' })}
      {text('itemDescription', 'form.itemDescription')}
      {pickup ? (
        <GulfAddressFields name="pickupAddressParts" legend={t('form.pickupAddress')} value={pickup} onChange={setPickup} errors={nested('pickupAddressParts')} onFreeText={() => setPickup(null)} />
      ) : (
        addressText('pickupAddress', 'form.pickupAddress', country ? () => setPickup(emptyAddress(country)) : null)
      )}
      {delivery ? (
        <GulfAddressFields name="deliveryAddressParts" legend={t('form.deliveryAddress')} value={delivery} onChange={setDelivery} errors={nested('deliveryAddressParts')} onFreeText={() => setDelivery(null)} />
      ) : (
        addressText('deliveryAddress', 'form.deliveryAddress', country ? () => setDelivery(emptyAddress(country)) : null)
      )}
      <FormField label={inCurrency(t('form.deliveryFee'))} error={err.deliveryFee}>
        {moneyInput('deliveryFee')}
      </FormField>
      <FormField label={inCurrency(t('oversight.order.cod'))} error={err.codAmount}>
        {moneyInput('codAmount')}
        <span className="text-xs text-base-content/70">{t('companyOrders.form.codHint')}</span>
      </FormField>
      {company ? null : (
        <FormField label={t('form.currency')} error={err.currency}>
          <select className="select w-full" name="currency" value={v.currency} onChange={set('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField label={t('form.priority')} error={err.priority}>
        <select className="select w-full" name="priority" value={v.priority} onChange={set('priority')}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`priority.${p}` as MessageKey)}
            </option>
          ))}
        </select>
      </FormField>
      {text('notes', 'form.notes')}
      <FormActions pending={pending} onCancel={onDone} />
    </form>
  );
}
