import { createFileRoute } from '@tanstack/react-router';
import { trpcClient } from '../src/client/trpc';
import { SetPasswordPage } from './-components/account/SetPasswordPage';

export const Route = createFileRoute('/reset/$token')({
  component: ResetPassword,
});

/** An admin-issued reset link: choose a new password, be signed in (everywhere else signed out), land in the portal. */
function ResetPassword() {
  const { token } = Route.useParams();
  return (
    <SetPasswordPage
      id="reset"
      icon="key"
      texts={{ title: 'reset.title', subtitle: 'reset.subtitle', submit: 'reset.submit', pending: 'reset.pending', success: 'reset.success' }}
      send={(password) => trpcClient.auth.resetPassword.mutate({ token, password })}
    />
  );
}
