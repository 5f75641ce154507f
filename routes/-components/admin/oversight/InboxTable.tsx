import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../../../src/shared/i18n';
import { formatDateTime, REGIONS } from '../../../../src/shared/regions';
import { useT } from '../../../../src/client/i18n';
import { trpc } from '../../../../src/client/trpc';
import { Badge } from '../../../../src/client/ui/Badge';

const when = (d: Date | string) => formatDateTime(new Date(d), REGIONS.kuwait);

/** The sales inbox: leads the chat assistant collected and messages from the contact form, newest first. */
export function InboxTable() {
  const t = useT();
  const leads = useQuery(trpc.ai.leads.queryOptions());
  const messages = useQuery(trpc.contact.messages.queryOptions());
  const mailed = (at: Date | string | null) => (at ? <Badge tone="success">{t('inbox.emailed')}</Badge> : <Badge tone="ghost">{t('inbox.stored')}</Badge>);
  return (
    <div className="space-y-6" data-testid="inbox">
      <Block title={t('inbox.leads')} pending={leads.isPending} empty={!leads.data?.length} testId="inbox-leads">
        <thead>
          <tr>
            <th>{t('zone.heading', { label: t('oversight.col.when'), zone: t('zone.kuwait') })}</th>
            <th>{t('oversight.col.name')}</th>
            <th>{t('oversight.col.company')}</th>
            <th>{t('inbox.col.email')}</th>
            <th>{t('inbox.col.phone')}</th>
            <th>{t('inbox.col.source')}</th>
            <th>{t('inbox.col.mail')}</th>
          </tr>
        </thead>
        <tbody>
          {leads.data?.map((l) => (
            <tr key={l.id}>
              <td className="whitespace-nowrap">{when(l.createdAt)}</td>
              <td>{l.name}</td>
              <td>{l.company}</td>
              <td>
                <a className="link" dir="ltr" href={`mailto:${l.email}`}>
                  {l.email}
                </a>
              </td>
              <td dir="ltr">{l.phone || '—'}</td>
              <td>{l.source}</td>
              <td>{mailed(l.emailedAt)}</td>
            </tr>
          ))}
        </tbody>
      </Block>
      <Block title={t('inbox.messages')} pending={messages.isPending} empty={!messages.data?.length} testId="inbox-messages">
        <thead>
          <tr>
            <th>{t('zone.heading', { label: t('oversight.col.when'), zone: t('zone.kuwait') })}</th>
            <th>{t('oversight.col.name')}</th>
            <th>{t('inbox.col.inquiry')}</th>
            <th>{t('inbox.col.message')}</th>
            <th>{t('inbox.col.preferred')}</th>
            <th>{t('inbox.col.mail')}</th>
          </tr>
        </thead>
        <tbody>
          {messages.data?.map((m) => (
            <tr key={m.id} className="align-top">
              <td className="whitespace-nowrap">{when(m.createdAt)}</td>
              <td>
                <p className="font-medium">{m.name}</p>
                {m.company ? <p className="text-xs text-base-content/70">{m.company}</p> : null}
                <a className="link text-xs" dir="ltr" href={`mailto:${m.email}`}>
                  {m.email}
                </a>
                {m.phone ? (
                  <p className="text-xs" dir="ltr">
                    {m.phone}
                  </p>
                ) : null}
              </td>
              <td>{t(`contact.inquiry.${m.inquiryType}` as MessageKey)}</td>
              <td className="min-w-64 max-w-md whitespace-pre-wrap break-words">{m.message}</td>
              <td>{t(`contact.pref.${m.preferredContact}` as MessageKey)}</td>
              <td>{mailed(m.emailedAt)}</td>
            </tr>
          ))}
        </tbody>
      </Block>
    </div>
  );
}

function Block({ title, pending, empty, testId, children }: { title: string; pending: boolean; empty: boolean; testId: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="space-y-2" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {pending ? (
        <div className="skeleton h-24 w-full" />
      ) : empty ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-100 py-6 text-center text-sm text-base-content/70">{t('inbox.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm">{children}</table>
        </div>
      )}
    </section>
  );
}
