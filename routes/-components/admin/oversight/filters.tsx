import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../src/shared/i18n';
import { REGION_IDS } from '../../../../src/shared/regions';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';

/** A row of filter controls that wraps on phones. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">{children}</div>;
}

export function SearchInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  return (
    <input
      type="search"
      className="input input-sm col-span-2 w-full sm:w-56"
      placeholder={t('oversight.search')}
      aria-label={t('oversight.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function CompanyFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  const { data } = useQuery(trpc.admin.companies.queryOptions());
  return (
    <select className="select select-sm w-full sm:w-48" aria-label={t('oversight.col.company')} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t('oversight.allCompanies')}</option>
      {data?.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

export function EnumFilter<T extends string>({ value, onChange, options, allKey, labelPrefix, label }: { value: string; onChange: (v: string) => void; options: readonly T[]; allKey: MessageKey; labelPrefix: string; label: string }) {
  const t = useT();
  return (
    <select className="select select-sm w-full sm:w-40" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{t(allKey)}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {t(`${labelPrefix}${o}` as MessageKey)}
        </option>
      ))}
    </select>
  );
}

export function RegionFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const t = useT();
  return <EnumFilter value={value} onChange={onChange} options={REGION_IDS} allKey="oversight.allRegions" labelPrefix="region." label={t('oversight.col.region')} />;
}

/** Drop empty strings so the server sees only the filters that are set. */
export function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Partial<T>;
}
