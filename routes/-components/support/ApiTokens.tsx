import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { issuesToErrors, serverFieldError, type FieldErrors } from '../../../src/client/forms';
import { relativeTime } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { FormField } from '../../../src/client/ui/FormField';
import { Icon } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import { FormActions } from '../admin/FormActions';
import { apiTokenCreateInput, type ApiTokenSummary } from '../../../src/shared/schemas/api-tokens';

/**
 * The signed-in user's API tokens for the MCP server: list, create (the token shown once, with Copy),
 * revoke after a confirm. Any role may hold tokens; each acts with its user's own scope.
 */
export function ApiTokensCard() {
  const t = useT();
  const qc = useQueryClient();
  const list = useQuery(trpc.auth.apiTokens.queryOptions());
  const [creating, setCreating] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: trpc.auth.apiTokens.queryKey() });
  const revoke = useMutation(
    trpc.auth.apiTokenRevoke.mutationOptions({
      onSuccess: () => {
        toast({ title: t('apiTokens.revokedToast') });
        refresh();
      },
      onError: (err) => toast({ title: t('apiTokens.failed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const endpoint = typeof window === 'undefined' ? '/mcp' : `${window.location.origin}/mcp`;

  return (
    <Card>
      <div className="space-y-4" data-testid="api-tokens-card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="card-title text-base">
            <Icon name="key" className="size-5 text-primary" />
            {t('apiTokens.title')}
          </h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)} data-testid="api-token-new">
            {t('apiTokens.new')}
          </button>
        </div>
        <p className="text-sm text-base-content/70">{t('apiTokens.intro')}</p>
        <div className="rounded-box bg-base-200 px-3 py-2">
          <p className="text-xs font-medium text-base-content/70">{t('apiTokens.endpoint')}</p>
          <div className="flex items-center justify-between gap-2">
            <code className="min-w-0 truncate font-mono text-sm" dir="ltr" data-testid="api-token-endpoint">
              {endpoint}
            </code>
            <CopyButton text={endpoint} />
          </div>
        </div>
        {list.isPending ? <div className="skeleton h-16 w-full" /> : null}
        {list.data?.length === 0 ? <p className="text-sm text-base-content/70">{t('apiTokens.empty')}</p> : null}
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 empty:hidden">
          {list.data?.map((tok) => (
            <TokenRow
              key={tok.id}
              token={tok}
              busy={revoke.isPending}
              onRevoke={() => {
                if (window.confirm(t('apiTokens.revokeConfirm', { name: tok.name }))) revoke.mutate({ id: tok.id });
              }}
            />
          ))}
        </ul>
      </div>
      <Modal open={creating} onClose={() => setCreating(false)} title={t('apiTokens.createTitle')} testId="api-token-dialog">
        <CreateToken onCreated={refresh} onClose={() => setCreating(false)} />
      </Modal>
    </Card>
  );
}

function TokenRow({ token, busy, onRevoke }: { token: ApiTokenSummary; busy: boolean; onRevoke: () => void }) {
  const t = useT();
  const revoked = token.revokedAt !== null;
  const used = token.lastUsedAt ? t('apiTokens.lastUsed', { when: relativeTime(token.lastUsedAt)! }) : t('apiTokens.neverUsed');
  return (
    <li className={`flex items-start gap-3 p-3 ${revoked ? 'opacity-60' : ''}`} data-testid="api-token-row" data-revoked={revoked}>
      <div className="min-w-0 grow">
        <p className="truncate font-semibold">{token.name}</p>
        <p className="text-xs text-base-content/70">
          <code className="font-mono" dir="ltr">
            {token.prefix}…
          </code>
          {' · '}
          {t('apiTokens.createdAt', { when: relativeTime(token.createdAt)! })} · {used}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        <Badge tone={revoked ? 'ghost' : 'success'}>{revoked ? t('apiTokens.revoked') : t('apiTokens.active')}</Badge>
        {revoked ? null : (
          <button type="button" className="btn btn-ghost btn-sm text-error" disabled={busy} onClick={onRevoke}>
            {t('apiTokens.revoke')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The name form, then the new token once, with a warning and Copy. */
function CreateToken({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useMutation(
    trpc.auth.apiTokenCreate.mutationOptions({
      onSuccess: () => {
        toast({ title: t('apiTokens.created'), variant: 'success' });
        onCreated();
      },
      onError: (err) => {
        const field = serverFieldError(err);
        if (field) setErrors(field);
        else toast({ title: t('apiTokens.failed'), description: err.message || t('error.network'), variant: 'destructive' });
      },
    }),
  );
  if (create.data) {
    return (
      <div className="space-y-3" role="status" data-testid="api-token-once">
        <div role="alert" className="alert alert-warning alert-soft items-start">
          <Icon name="alert" className="size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('apiTokens.once.title')}</p>
            <p className="text-sm">{t('apiTokens.once.text')}</p>
          </div>
        </div>
        <div className="flex items-center gap-2 rounded-box border border-base-300 bg-base-200 p-2">
          <code className="min-w-0 grow break-all font-mono text-sm select-all" dir="ltr" data-testid="api-token-value">
            {create.data.token}
          </code>
          <CopyButton text={create.data.token} primary />
        </div>
        <p className="text-xs text-base-content/70">{t('apiTokens.once.header')}</p>
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('apiTokens.done')}
          </button>
        </div>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = apiTokenCreateInput.safeParse({ name });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="api-token-form">
      <FormField label={t('apiTokens.name')} error={errors.name}>
        <input
          name="name"
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          placeholder={t('apiTokens.namePlaceholder')}
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={Boolean(errors.name)}
          autoFocus
        />
        {errors.name ? null : <span className="text-xs text-base-content/70">{t('apiTokens.nameHint')}</span>}
      </FormField>
      <FormActions pending={create.isPending} onCancel={onClose} />
    </form>
  );
}

function CopyButton({ text, primary = false }: { text: string; primary?: boolean }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      () => undefined,
    );
  return (
    <button type="button" className={`btn btn-sm shrink-0 ${primary ? 'btn-primary' : 'btn-ghost'}`} onClick={copy} data-testid="api-token-copy">
      <Icon name={copied ? 'check' : 'copy'} className="size-4" />
      {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
    </button>
  );
}
