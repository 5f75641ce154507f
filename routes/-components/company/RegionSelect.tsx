import type { ChangeEvent } from 'react';
import { CURRENCIES } from '../../../src/shared/money';
import { useT } from '../../../src/client/i18n';

const LABEL = { KWD: 'region.kuwait', AED: 'region.uae' } as const;

/** A rider's region by its code (KWD Kuwait, AED UAE), labelled by country and currency. */
export function RegionSelect({ name, value, onChange }: { name?: string; value: string; onChange: (e: ChangeEvent<HTMLSelectElement>) => void }) {
  const t = useT();
  return (
    <select className="select w-full" name={name} value={value} onChange={onChange}>
      {CURRENCIES.map((c) => (
        <option key={c} value={c}>
          {t(LABEL[c])}
        </option>
      ))}
    </select>
  );
}
