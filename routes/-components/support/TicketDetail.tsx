import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MessageKey } from '../../../src/shared/i18n';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';
import { TICKET_STATUSES } from '../../../src/shared/schemas/ai';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Icon } from '../../../src/client/ui/Icon';
import { roleLabelKey } from '../../../src/client/ui/RoleBadges';
import { PriorityBadge, StatusBadge } from './TicketBadges';
import { useTicketSave } from './useTicketSave';

const when = (d: Date | string) => formatDateTime(new Date(d), REGIONS.kuwait);

/** One ticket: its description, comments and the status actions this caller may take. */
export function TicketDetail({ user, ticketId, onBack }: { user: SessionUser; ticketId: string; onBack: () => void }) {
  const t = useT();
  const { data: ticket, isPending, error } = useQuery(trpc.contact.tickets.byId.queryOptions({ id: ticketId }));
  const back = (
    <button type="button" className="btn btn-ghost btn-sm" onClick={onBack}>
      <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
        ←
      </span>
      {t('tickets.back')}
    </button>
  );
  if (isPending) return <div className="skeleton h-64 w-full" />;
  if (!ticket)
    return (
      <div className="space-y-3">
        {back}
        <div role="alert" className="alert alert-error">
          {error?.message ?? t('error.NOT_FOUND')}
        </div>
      </div>
    );
  return (
    <article className="space-y-4" data-testid="ticket-detail">
      {back}
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-5">
          <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
            <h2 className="min-w-0 flex-1 text-xl font-bold">{ticket.subject}</h2>
            <span className="flex gap-1.5">
              <PriorityBadge priority={ticket.priority} />
              <StatusBadge status={ticket.status} />
            </span>
          </div>
          <p className="flex flex-wrap gap-x-3 text-xs text-base-content/70">
            <span>{t('tickets.openedBy', { name: ticket.authorName })}</span>
            {ticket.companyName ? <span>{ticket.companyName}</span> : null}
            <span>{when(ticket.createdAt)}</span>
          </p>
          <p className="whitespace-pre-wrap break-words">{ticket.body}</p>
          <StatusActions user={user} ticketId={ticket.id} authorId={ticket.authorId} status={ticket.status} />
        </div>
      </div>
      <section className="space-y-3" aria-labelledby="ticket-comments">
        <h3 id="ticket-comments" className="font-semibold">
          {t('tickets.comments.title')}
        </h3>
        {ticket.comments.length === 0 ? <p className="text-sm text-base-content/70">{t('tickets.comments.none')}</p> : null}
        <ol className="space-y-2" data-testid="ticket-comments">
          {ticket.comments.map((c) => (
            <li key={c.id} className="rounded-box border border-base-300 bg-base-100 p-3" data-testid="ticket-comment">
              <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-base-content/70">
                <span className="font-semibold text-base-content">{c.authorName ?? t('tickets.comment.unknownAuthor')}</span>
                {c.authorRole ? <span className="badge badge-ghost badge-sm">{t(roleLabelKey(c.authorRole))}</span> : null}
                <span>{when(c.createdAt)}</span>
              </p>
              <p className="whitespace-pre-wrap break-words text-sm">{c.body}</p>
            </li>
          ))}
        </ol>
        <CommentForm ticketId={ticket.id} />
      </section>
    </article>
  );
}

/** An admin picks any status; the author may resolve or reopen their own ticket. */
function StatusActions({
  user,
  ticketId,
  authorId,
  status,
}: {
  user: SessionUser;
  ticketId: string;
  authorId: string;
  status: (typeof TICKET_STATUSES)[number];
}) {
  const t = useT();
  const set = useMutation(trpc.contact.tickets.setStatus.mutationOptions(useTicketSave()));
  if (user.role === 'admin') {
    return (
      <label className="flex items-center gap-2 text-sm">
        <span>{t('tickets.status.label')}</span>
        <select
          className="select select-sm w-auto"
          name="status"
          value={status}
          disabled={set.isPending}
          onChange={(e) => set.mutate({ ticketId, status: e.target.value as typeof status })}
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`tickets.status.${s}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (authorId !== user.id) return null;
  const next = status === 'resolved' ? 'open' : 'resolved';
  return (
    <div>
      <button type="button" className="btn btn-sm btn-outline" disabled={set.isPending} onClick={() => set.mutate({ ticketId, status: next })}>
        <Icon name={next === 'resolved' ? 'check' : 'sync'} className="size-4" />
        {t(next === 'resolved' ? 'tickets.action.resolve' : 'tickets.action.reopen')}
      </button>
    </div>
  );
}

function CommentForm({ ticketId }: { ticketId: string }) {
  const t = useT();
  const [body, setBody] = useState('');
  const add = useMutation(trpc.contact.tickets.comment.mutationOptions(useTicketSave(() => setBody(''))));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim()) add.mutate({ ticketId, body });
  };
  return (
    <form className="space-y-2" onSubmit={submit} data-testid="comment-form">
      <label className="fieldset py-0">
        <span className="fieldset-legend pb-1">{t('tickets.comment.label')}</span>
        <textarea className="textarea h-24 w-full" name="comment" maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary btn-sm w-full sm:w-auto" disabled={add.isPending || !body.trim()}>
          {t('tickets.comment.submit')}
        </button>
      </div>
    </form>
  );
}
