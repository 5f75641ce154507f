import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../src/client/forms';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import type { MessageKey } from '../../../src/shared/i18n';
import { postLoginPath } from '../../../src/shared/permissions';
import { useT } from '../../../src/client/i18n';
import { sessionQuery } from '../../../src/client/session';
import { toast } from '../../../src/client/toast';
import type { IconName } from '../../../src/client/ui/Icon';
import { answerErrors, newPasswordProblem } from './password-form';
import { FormError, NewPasswordFields, ShowPasswords } from './NewPasswordFields';
import { LinkFormCard } from './LinkFormCard';

/**
 * A page reached by a one-time link that sets the password (an admin's reset link, a manager's invitation):
 * the policy checked as the user types it, then signed in and sent to their portal.
 */
export function SetPasswordPage({ id, icon, texts, send }: {
  /** The page's test id is `${id}-page`, its error's `${id}-error`, the fields' ids start with it. */
  id: string;
  icon: IconName;
  texts: { title: MessageKey; subtitle: MessageKey; submit: MessageKey; pending: MessageKey; success: MessageKey };
  send: (password: string) => Promise<{ user: SessionUser }>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useMutation({
    mutationFn: () => send(password),
    onSuccess: (res) => {
      queryClient.setQueryData(sessionQuery().queryKey, res.user);
      toast({ title: t('login.success.title'), description: t(texts.success, { firstName: res.user.firstName }), variant: 'success' });
      void navigate({ href: postLoginPath(res.user.role), replace: true });
    },
    onError: (err) => setErrors(answerErrors(err, t)),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm, t);
    setErrors(problem ?? {});
    if (!problem) set.mutate();
  };
  return (
    <LinkFormCard testId={`${id}-page`} icon={icon} title={t(texts.title)} subtitle={t(texts.subtitle)} onSubmit={onSubmit}>
      <FormError message={errors._ ?? null} testId={`${id}-error`} />
      <NewPasswordFields
        idPrefix={id}
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        labels={{ password: t('account.change.new'), confirm: t('account.change.confirm') }}
        shown={shown}
        errors={errors}
        errorTestId={`${id}-error`}
      />
      <ShowPasswords shown={shown} onChange={setShown} />
      <button type="submit" className="btn btn-primary btn-lg w-full" disabled={set.isPending}>
        {set.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {set.isPending ? t(texts.pending) : t(texts.submit)}
      </button>
    </LinkFormCard>
  );
}
