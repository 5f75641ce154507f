import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';

/** Opens the company's own spreadsheet in a new tab; says so when none is set. */
export function CompanyDataButton() {
  const t = useT();
  const { data } = useQuery(trpc.company.profile.queryOptions());
  const open = () => {
    if (data?.sheetUrl) window.open(data.sheetUrl, '_blank', 'noopener,noreferrer');
    else toast({ title: t('company.data.noneTitle'), description: t('company.data.none') });
  };
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={open} data-tour="google-sheets" data-testid="company-data">
      {t('company.action.data')}
    </button>
  );
}
