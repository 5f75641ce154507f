import { createFileRoute } from '@tanstack/react-router';
import { trpcClient } from '../src/client/trpc';
import { SetPasswordPage } from './-components/account/SetPasswordPage';

export const Route = createFileRoute('/company-invite/$token')({
  component: AcceptManagerInvite,
});

/** A company manager's invitation from the admin: choose a password, be signed in, land on /company. */
function AcceptManagerInvite() {
  const { token } = Route.useParams();
  return (
    <SetPasswordPage
      id="company-invite"
      icon="building"
      texts={{ title: 'managerInvite.title', subtitle: 'managerInvite.subtitle', submit: 'invite.submit', pending: 'invite.pending', success: 'invite.success' }}
      send={(password) => trpcClient.auth.acceptManagerInvite.mutate({ token, password })}
    />
  );
}
