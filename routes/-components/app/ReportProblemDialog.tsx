import { useState } from 'react';
import { sendWrite, startOutbox } from '../../../src/client/outbox';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Modal } from '../../../src/client/ui/Modal';
import { TicketFields, type TicketInput } from '../support/TicketFields';

/** The REST door of the tickets create procedure; the outbox's Idempotency-Key opens one ticket per report. */
export const TICKET_URL = '/api/support/tickets';

/**
 * "Report a problem" from the rider app (issue 20, item 3): a support ticket through the rider outbox, so it is
 * kept on the phone without signal ('Data Recorded Locally...', the outbox's own words) and sent once later.
 * Loaded only when opened: nothing of it is in /app's first download.
 */
export function ReportProblemDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useT();
  const [pending, setPending] = useState(false);

  async function send(input: TicketInput): Promise<boolean> {
    setPending(true);
    try {
      await startOutbox(userId);
      const o = await sendWrite({ method: 'POST', url: TICKET_URL, body: { subject: input.subject, body: input.body }, meta: { kind: 'ticket' } });
      if (o.kind === 'dropped') return false; // the outbox has shown the server's reason
      if (o.kind === 'sent') toast({ title: t('tickets.created'), description: t('app.support.report.sent'), variant: 'success' });
      onClose();
      return true;
    } catch {
      return false; // storage full: sendWrite has said so, and the rider's words stay in the form
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('app.support.report')} testId="report-problem">
      <TicketFields withPriority={false} pending={pending} onValid={send} />
    </Modal>
  );
}
