import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { numberText } from '../../../src/client/format';
import { useLocale, useT } from '../../../src/client/i18n';
import { noticeText, noticeTime } from '../../../src/client/notices/noticeText';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { NOTICE_ICON } from './notice-icons';
import { REGIONS } from '../../../src/shared/regions';

/** Company compliance tab (issue 9): the company's notices, newest first, unread ones highlighted and marked read here. */
export function NoticesCard() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const { data: notices, isPending } = useQuery(trpc.company.notices.queryOptions());
  const done = {
    onSuccess: () => qc.invalidateQueries({ queryKey: trpc.company.notices.queryKey() }),
    onError: (err: { message: string }) => toast({ title: t('error.generic'), description: err.message, variant: 'destructive' as const }),
  };
  const markRead = useMutation(trpc.company.markNoticeRead.mutationOptions(done));
  const markAll = useMutation(trpc.company.markAllNoticesRead.mutationOptions(done));
  const region = REGIONS[profile?.region ?? 'kuwait'];
  const unread = notices?.filter((n) => !n.read).length ?? 0;

  return (
    <Card
      title={
        <span className="flex w-full flex-wrap items-center gap-2">
          <Icon name="bell" className="size-5" />
          {t('notices.title')}
          {unread > 0 ? (
            <span className="badge badge-primary badge-sm tabular-nums" data-testid="notices-unread">
              {numberText(unread)}
            </span>
          ) : null}
          {unread > 0 ? (
            <button type="button" className="btn btn-ghost btn-xs ms-auto" disabled={markAll.isPending} onClick={() => markAll.mutate()} data-testid="notices-mark-all">
              {t('reconcile.notices.markAll')}
            </button>
          ) : null}
        </span>
      }
    >
      {isPending ? <div className="skeleton h-24 w-full" /> : null}
      {notices && notices.length === 0 ? (
        <p className="flex items-center gap-2 rounded-box border border-dashed border-base-300 p-6 text-sm text-base-content/70" data-testid="notices-empty">
          <Icon name="check" className="size-4 text-success" />
          {t('notices.empty')}
        </p>
      ) : null}
      {notices && notices.length > 0 ? (
        <ul className="max-h-[28rem] space-y-2 overflow-y-auto" data-testid="notices-list">
          {notices.map((n) => (
            <li
              key={n.id}
              className={`flex items-start gap-3 rounded-box border p-3 text-sm ${n.read ? 'border-base-300 text-base-content/70' : 'border-primary/40 border-s-4 border-s-primary bg-primary/5'}`}
              data-testid="notice"
              data-kind={n.kind}
              data-read={n.read}
            >
              <Icon name={NOTICE_ICON[n.kind]} className={`mt-0.5 size-5 shrink-0 ${n.read ? 'opacity-50' : 'text-primary'}`} />
              <div className="min-w-0 grow space-y-1">
                <p className={n.read ? '' : 'font-medium'} data-testid="notice-text">
                  {noticeText(n, locale, region)}
                </p>
                <p className="flex flex-wrap items-center gap-2 text-xs text-base-content/70">
                  <time dateTime={n.createdAt}>{noticeTime(n.createdAt, locale, region)}</time>
                  {n.read ? null : <Badge tone="primary">{t('reconcile.notices.new')}</Badge>}
                </p>
              </div>
              {n.read ? null : (
                <button type="button" className="btn btn-ghost btn-xs shrink-0" disabled={markRead.isPending} onClick={() => markRead.mutate({ id: n.id })} aria-label={t('notices.markRead')} data-testid="notice-mark-read">
                  <Icon name="check" className="size-4" />
                  <span className="hidden sm:inline">{t('notices.markRead')}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
