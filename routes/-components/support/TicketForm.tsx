import { useMutation } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { TicketFields } from './TicketFields';
import { useTicketSave } from './useTicketSave';

/** New ticket on /support: the shared fields, sent by tRPC; the list refreshes and shows it. */
export function TicketForm({ onDone }: { onDone: (id: string) => void }) {
  const t = useT();
  const save = useTicketSave();
  const create = useMutation(trpc.contact.tickets.create.mutationOptions(save));
  return (
    <TicketFields
      pending={create.isPending}
      onValid={async (input) => {
        try {
          const ticket = await create.mutateAsync(input);
          toast({ title: t('tickets.created'), description: t('tickets.created.text'), variant: 'success' });
          onDone(ticket.id);
          return true;
        } catch {
          return false; // useTicketSave's onError has said why
        }
      }}
    />
  );
}
