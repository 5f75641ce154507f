import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MessageKey } from '../../../src/shared/i18n';
import { TICKET_PRIORITIES, ticketCreateInput } from '../../../src/shared/schemas/ai';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { FormField } from '../../../src/client/ui/FormField';
import { useTicketSave } from './useTicketSave';

const EMPTY = { subject: '', body: '', priority: 'medium' };

/** New ticket: subject, description and priority, checked by the shared schema before it is sent. */
export function TicketForm({ onDone }: { onDone: (id: string) => void }) {
  const t = useT();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const save = useTicketSave();
  const create = useMutation(
    trpc.contact.tickets.create.mutationOptions({
      ...save,
      onSuccess: async (ticket) => {
        toast({ title: t('tickets.created'), description: t('tickets.created.text'), variant: 'success' });
        setForm(EMPTY);
        onDone(ticket.id);
        await save.onSuccess();
      },
    }),
  );
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ticketCreateInput.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0]), message: issue.message });
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  }

  return (
    <form className="space-y-3" onSubmit={submit} noValidate data-testid="ticket-form">
      <FormField label={t('tickets.form.subject')} error={errorOf('subject')}>
        <input className="input w-full" name="subject" maxLength={160} value={form.subject} onChange={set('subject')} />
      </FormField>
      <FormField label={t('tickets.form.description')} error={errorOf('body')}>
        <textarea className="textarea h-32 w-full" name="body" maxLength={5000} value={form.body} onChange={set('body')} />
      </FormField>
      <FormField label={t('tickets.form.priority')}>
        <select className="select w-full" name="priority" value={form.priority} onChange={set('priority')}>
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(`tickets.priority.${p}` as MessageKey)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? t('tickets.form.saving') : t('tickets.form.submit')}
        </button>
      </div>
    </form>
  );
}
