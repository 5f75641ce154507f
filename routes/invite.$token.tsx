import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { newPasswordField } from '../src/shared/schemas/company-riders';
import type { FieldErrors } from '../src/client/forms';
import { useT } from '../src/client/i18n';
import { sessionQuery } from '../src/client/session';
import { toast } from '../src/client/toast';
import { trpcClient } from '../src/client/trpc';
import { Field } from '../src/client/ui/Field';
import { LinkFormCard } from './-components/account/LinkFormCard';
import { answerErrors } from './-components/account/password-form';

export const Route = createFileRoute('/invite/$token')({
  component: AcceptInvite,
});

/** A rider's invitation link: choose a password, be signed in, land in the rider app. */
function AcceptInvite() {
  const t = useT();
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const accept = useMutation({
    mutationFn: (pw: string) => trpcClient.auth.acceptInvite.mutate({ token, password: pw }),
    onSuccess: (res) => {
      queryClient.setQueryData(sessionQuery().queryKey, res.user);
      toast({
        title: t('login.success.title'),
        description: t('invite.success', { firstName: res.user.firstName }),
        variant: 'success',
      });
      void navigate({ to: '/app', replace: true });
    },
    onError: (err) => setErrors(answerErrors(err, t)),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = newPasswordField.safeParse(password);
    if (!parsed.success) return setErrors({ newPassword: parsed.error.issues[0]?.message ?? t('password.hint') });
    if (password !== confirm) return setErrors({ confirmPassword: t('invite.mismatch') });
    setErrors({});
    accept.mutate(password);
  };
  return (
    <LinkFormCard testId="invite-page" icon="scooter" title={t('invite.title')} subtitle={t('invite.subtitle')} onSubmit={onSubmit}>
      {errors._ ? (
        <div role="alert" className="alert alert-error text-sm" data-testid="invite-error">
          {errors._}
        </div>
      ) : null}
      <Field
        id="invite-password"
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('invite.password')}
        error={errors.newPassword}
        errorTestId="invite-field-error"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="-mt-3 text-xs text-base-content/70">{t('password.hint')}</p>
      <Field
        id="invite-confirm"
        name="confirm"
        type="password"
        autoComplete="new-password"
        label={t('invite.confirm')}
        error={errors.confirmPassword}
        errorTestId="invite-field-error"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={accept.isPending}>
        {accept.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {accept.isPending ? t('invite.pending') : t('invite.submit')}
      </button>
    </LinkFormCard>
  );
}
