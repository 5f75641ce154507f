import { useT } from '../i18n';

export function Pagination({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (p: number) => void }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="pagination">
      <span className="text-base-content/70">{t('oversight.page', { page, pages, total })}</span>
      <div className="join">
        <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('oversight.prev')}
        </button>
        <button type="button" className="btn join-item btn-sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('oversight.next')}
        </button>
      </div>
    </div>
  );
}
