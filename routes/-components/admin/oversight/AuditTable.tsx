import { useQuery } from '@tanstack/react-query';
import { formatDateTime, REGIONS } from '../../../../src/shared/regions';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';

/** The latest admin actions: who did what to which record, and when. */
export function AuditTable() {
  const t = useT();
  const { data, isPending } = useQuery(trpc.admin.auditLog.queryOptions({ limit: 100 }));
  if (isPending) return <div className="skeleton h-40 w-full" />;
  if (!data?.length) return <p className="py-8 text-center text-base-content/70">{t('oversight.empty')}</p>;
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" data-testid="audit-table">
      <table className="table table-sm">
        <thead>
          <tr>
            <th>{t('zone.heading', { label: t('oversight.col.when'), zone: t('zone.kuwait') })}</th>
            <th>{t('oversight.col.action')}</th>
            <th>{t('oversight.col.record')}</th>
            <th>{t('oversight.col.by')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((a) => (
            <tr key={a.id}>
              <td className="whitespace-nowrap">{formatDateTime(new Date(a.createdAt), REGIONS.kuwait)}</td>
              <td>{a.action}</td>
              <td>
                {a.entity} <span className="font-mono text-xs text-base-content/70">{a.entityId ?? ''}</span>
              </td>
              <td>{a.actorName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
