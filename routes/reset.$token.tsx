import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../src/client/forms';
import { postLoginPath } from '../src/shared/permissions';
import { useLocale, useT } from '../src/client/i18n';
import { sessionQuery } from '../src/client/session';
import { toast } from '../src/client/toast';
import { trpcClient } from '../src/client/trpc';
import { answerErrors, newPasswordProblem } from './-components/account/password-form';
import { FormError, NewPasswordFields, ShowPasswords } from './-components/account/NewPasswordFields';
import { LinkFormCard } from './-components/account/LinkFormCard';

export const Route = createFileRoute('/reset/$token')({
  component: ResetPassword,
});

/** An admin-issued reset link: choose a new password, be signed in (everywhere else signed out), land in the portal. */
function ResetPassword() {
  const t = useT();
  const locale = useLocale();
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useMutation({
    mutationFn: () => trpcClient.auth.resetPassword.mutate({ token, password }),
    onSuccess: (res) => {
      queryClient.setQueryData(sessionQuery().queryKey, res.user);
      toast({
        title: t('login.success.title'),
        description: t('reset.success', { firstName: res.user.firstName }),
        variant: 'success',
      });
      void navigate({ href: postLoginPath(res.user.role), replace: true });
    },
    onError: (err) => setErrors(answerErrors(err, t)),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm, t, locale);
    setErrors(problem ?? {});
    if (!problem) reset.mutate();
  };
  return (
    <LinkFormCard testId="reset-page" icon="key" title={t('reset.title')} subtitle={t('reset.subtitle')} onSubmit={onSubmit}>
      <FormError message={errors._ ?? null} testId="reset-error" />
      <NewPasswordFields
        idPrefix="reset"
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        labels={{
          password: t('account.change.new'),
          confirm: t('account.change.confirm'),
        }}
        shown={shown}
        errors={errors}
        errorTestId="reset-error"
      />
      <ShowPasswords shown={shown} onChange={setShown} />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={reset.isPending}>
        {reset.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {reset.isPending ? t('reset.pending') : t('reset.submit')}
      </button>
    </LinkFormCard>
  );
}
