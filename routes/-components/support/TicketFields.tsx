import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { MessageKey } from '../../../src/shared/i18n';
import { TICKET_PRIORITIES, ticketCreateInput } from '../../../src/shared/schemas/ai';
import { useT } from '../../../src/client/i18n';
import { FormField } from '../../../src/client/ui/FormField';

export type TicketInput = z.output<typeof ticketCreateInput>;
const EMPTY = { subject: '', body: '', priority: 'medium' };

/**
 * A ticket's subject, description and (on /support) priority, checked by the shared schema with its messages
 * before `onValid` sends it; the fields are cleared when `onValid` answers true. Used by /support and by the
 * rider app's "Report a problem".
 */
export function TicketFields({ onValid, pending, withPriority = true }: { onValid: (input: TicketInput) => Promise<boolean>; pending: boolean; withPriority?: boolean }) {
  const t = useT();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketCreateInput.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0]), message: issue.message });
      return;
    }
    setError(null);
    if (await onValid(parsed.data)) setForm(EMPTY);
  }

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate data-testid="ticket-form">
      <FormField label={t('tickets.form.subject')} error={errorOf('subject')}>
        <input className="input w-full" name="subject" maxLength={160} value={form.subject} onChange={set('subject')} />
      </FormField>
      <FormField label={t('tickets.form.description')} error={errorOf('body')}>
        <textarea className="textarea h-32 w-full" name="body" maxLength={5000} value={form.body} onChange={set('body')} />
      </FormField>
      {withPriority ? (
        <FormField label={t('tickets.form.priority')}>
          <select className="select w-full" name="priority" value={form.priority} onChange={set('priority')}>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`tickets.priority.${p}` as MessageKey)}
              </option>
            ))}
          </select>
        </FormField>
      ) : null}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? t('tickets.form.saving') : t('tickets.form.submit')}
        </button>
      </div>
    </form>
  );
}
