import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { issuesToErrors, serverFieldError, type FieldErrors } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import type { MessageKey } from '../../../src/shared/i18n';
import { WEBHOOK_EVENTS, webhookCreateInput, type WebhookEvent } from '../../../src/shared/schemas/webhooks';
import { FieldError } from '../../../src/client/ui/FieldError';
import { WebhookLog } from './WebhookLog';

const eventKey = (e: string) => `webhooks.event.${e}` as MessageKey;

/** Settings card: the company's webhook endpoints, the secret shown once, and the delivery log. */
export function WebhooksCard() {
  const t = useT();
  const qc = useQueryClient();
  const list = useQuery(trpc.company.webhookList.queryOptions());
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.company.webhookList.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.company.webhookDeliveries.queryKey() });
  };
  const fail = (err: unknown) => toast({ title: t('webhooks.failed'), description: err instanceof Error ? err.message : t('error.generic'), variant: 'destructive' });
  const setActive = useMutation(trpc.company.webhookSetActive.mutationOptions({ onSuccess: refresh, onError: fail }));
  const remove = useMutation(
    trpc.company.webhookDelete.mutationOptions({
      onSuccess: () => {
        toast({ title: t('webhooks.deleted') });
        refresh();
      },
      onError: fail,
    }),
  );
  const test = useMutation(
    trpc.company.webhookTest.mutationOptions({
      onSuccess: () => {
        toast({ title: t('webhooks.testSent'), description: t('webhooks.testSentText') });
        refresh();
        // The dispatcher sends at once; look again when the answer (or a timeout) is likely in.
        for (const ms of [1500, 5000, 12_000]) setTimeout(() => void qc.invalidateQueries({ queryKey: trpc.company.webhookDeliveries.queryKey() }), ms);
      },
      onError: fail,
    }),
  );

  return (
    <Card>
      <div data-testid="webhooks-card" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-base">{t('webhooks.title')}</h2>
          {adding ? null : (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)} data-testid="webhook-add">
              {t('webhooks.add')}
            </button>
          )}
        </div>
        <p className="text-sm text-base-content/70">{t('webhooks.intro')}</p>
        {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
        {adding ? (
          <AddEndpoint
            onCancel={() => setAdding(false)}
            onCreated={(s) => {
              setSecret(s);
              setAdding(false);
              refresh();
            }}
          />
        ) : null}
        {list.data && list.data.length === 0 && !adding ? <p className="text-sm text-base-content/70">{t('webhooks.empty')}</p> : null}
        <ul className="space-y-2">
          {list.data?.map((ep) => (
            <li key={ep.id} className="rounded-box border border-base-300 p-3" data-testid="webhook-endpoint">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 break-all font-mono text-sm" dir="ltr">
                  {ep.url}
                </p>
                <Badge tone={ep.active ? 'success' : 'ghost'}>{ep.active ? t('webhooks.active') : t('webhooks.inactive')}</Badge>
              </div>
              <div className="mt-2 flex flex-wrap gap-1">
                {ep.events.map((e) => (
                  <span key={e} className="badge badge-outline badge-sm">
                    {t(eventKey(e))}
                  </span>
                ))}
              </div>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className="btn btn-outline btn-xs" disabled={!ep.active || test.isPending} onClick={() => test.mutate({ id: ep.id })}>
                  {t('webhooks.test')}
                </button>
                <button type="button" className="btn btn-ghost btn-xs" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: ep.id, active: !ep.active })}>
                  {ep.active ? t('webhooks.disable') : t('webhooks.enable')}
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs text-error"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('webhooks.deleteConfirm'))) remove.mutate({ id: ep.id });
                  }}
                >
                  {t('webhooks.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <WebhookLog />
      </div>
    </Card>
  );
}

function AddEndpoint({ onCancel, onCreated }: { onCancel: () => void; onCreated: (secret: string) => void }) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['order.created', 'order.delivered']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation(
    trpc.company.webhookCreate.mutationOptions({
      onSuccess: (res) => {
        toast({ title: t('webhooks.created'), variant: 'success' });
        onCreated(res.secret);
      },
      onError: (err) => {
        const field = serverFieldError(err);
        if (field) setErrors(field);
        else toast({ title: t('webhooks.failed'), description: err.message || t('error.network'), variant: 'destructive' });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = webhookCreateInput.safeParse({ url, events });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data);
  };
  const toggle = (ev: WebhookEvent) => setEvents((cur) => (cur.includes(ev) ? cur.filter((x) => x !== ev) : [...cur, ev]));
  return (
    <form onSubmit={submit} className="space-y-3 rounded-box bg-base-200 p-4" noValidate data-testid="webhook-form">
      <label className="block">
        <span className="mb-1 block text-sm font-medium">{t('webhooks.url')}</span>
        <input
          name="url"
          type="url"
          inputMode="url"
          dir="ltr"
          className={`input w-full ${errors.url ? 'input-error' : ''}`}
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={Boolean(errors.url)}
          aria-describedby="webhook-url-help"
        />
        <span id="webhook-url-help" className={`mt-1 block text-xs ${errors.url ? 'text-error' : 'text-base-content/70'}`}>{errors.url ?? t('webhooks.urlHint')}</span>
      </label>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('webhooks.events')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((ev) => (
            <label key={ev} className="flex cursor-pointer items-center gap-2 py-1 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" name="events" value={ev} checked={events.includes(ev)} onChange={() => toggle(ev)} />
              <span>{t(eventKey(ev))}</span>
            </label>
          ))}
        </div>
        <FieldError message={errors.events} className="mt-1 block text-xs text-error" />
      </fieldset>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('webhooks.cancel')}
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending}>
          {t('webhooks.save')}
        </button>
      </div>
    </form>
  );
}

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => undefined);
  };
  return (
    <div role="status" className="rounded-box border border-warning/50 bg-warning/10 p-4" data-testid="webhook-secret">
      <p className="font-semibold">{t('webhooks.secret.title')}</p>
      <p className="mt-1 text-sm text-base-content/80">{t('webhooks.secret.text')}</p>
      <code className="mt-3 block break-all rounded bg-base-100 px-2 py-1.5 font-mono text-xs select-all" dir="ltr" data-testid="webhook-secret-value">
        {secret}
      </code>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" onClick={copy}>
          {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          {t('webhooks.secret.done')}
        </button>
      </div>
    </div>
  );
}
