import { useQuery } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';

/** A real choice among existing companies. */
export function CompanySelect({ value, onChange, name }: { value: string; onChange: (e: ChangeEvent<HTMLSelectElement>) => void; name: string }) {
  const t = useT();
  const { data } = useQuery(trpc.admin.companies.queryOptions());
  return (
    <select className="select w-full" name={name} value={value} onChange={onChange}>
      <option value="">{t('form.chooseCompany')}</option>
      {data?.map((c) => (
        <option key={c.id} value={c.id} data-currency={c.currency}>
          {c.name} ({c.currency})
        </option>
      ))}
    </select>
  );
}

/** The chosen company's currency; `enabled: false` for a company manager, who may not list companies. */
export function useCompanyCurrency(companyId: string, enabled = true) {
  const { data } = useQuery({ ...trpc.admin.companies.queryOptions(), enabled });
  return data?.find((c) => c.id === companyId)?.currency;
}
