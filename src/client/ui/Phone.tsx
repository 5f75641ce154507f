import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { formatPhone, normalizePhone, phonePrefix } from '../../shared/phone';
import type { RegionId } from '../../shared/regions';
import { useT } from '../i18n';

/** A phone number for display: grouped (+965 5000 1234) and always left to right, inside Arabic text too. */
export function PhoneText({ phone, className }: { phone: string | null | undefined; className?: string }) {
  if (!phone) return null;
  return (
    <bdi dir="ltr" className={className} data-phone={phone}>
      {formatPhone(phone)}
    </bdi>
  );
}

/**
 * A phone input (issue 8): type tel, left to right, the region's country code as a hint. On blur the value
 * is normalised (Arabic-Indic digits, spaces and dashes, a local number gains the region's code); the
 * schema normalises again, so a value submitted without a blur is treated the same.
 */
export function PhoneInput({
  region,
  value,
  onChange,
  className = 'input w-full',
  ...rest
}: { region?: RegionId | null; value: string; onChange: (e: { target: { value: string } }) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>) {
  const t = useT();
  const prefix = phonePrefix(region);
  return (
    <input
      {...rest}
      className={className}
      type="tel"
      inputMode="tel"
      dir="ltr"
      autoComplete={rest.autoComplete ?? 'off'}
      placeholder={rest.placeholder ?? (region === 'uae' ? '+971501234567' : '+96512345678')}
      title={t('gulf.phone.prefix', { prefix })}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e)}
      onBlur={(e) => {
        const next = normalizePhone(e.target.value, region ?? undefined);
        if (e.target.value && next !== e.target.value) onChange({ target: { value: next } });
        rest.onBlur?.(e);
      }}
    />
  );
}
