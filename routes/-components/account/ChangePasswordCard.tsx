import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../src/client/forms';
import { useT } from '../../../src/client/i18n';
import { sessionQuery } from '../../../src/client/session';
import { toast } from '../../../src/client/toast';
import { trpcClient } from '../../../src/client/trpc';
import { Field } from '../../../src/client/ui/Field';
import { Icon } from '../../../src/client/ui/Icon';
import { answerErrors, newPasswordProblem } from './password-form';
import { FormError, NewPasswordFields, ShowPasswords } from './NewPasswordFields';

/** Change password: the current one, then a new one twice. Other devices are signed out; this one stays in. */
export function ChangePasswordCard() {
  const t = useT();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useMutation({
    mutationFn: () => trpcClient.auth.changePassword.mutate({ currentPassword: current, newPassword: next }),
    onSuccess: (res) => {
      queryClient.setQueryData(sessionQuery().queryKey, res.user);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast({ title: t('account.change.title'), description: t('account.change.done'), variant: 'success' });
    },
    onError: (err) => setErrors(answerErrors(err, t)),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = current ? newPasswordProblem(next, confirm, t) : { currentPassword: t('errors.passwordRequired') };
    setErrors(problem ?? {});
    if (!problem) change.mutate();
  };
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" data-testid="change-password">
      <form className="card-body gap-4" onSubmit={onSubmit} noValidate>
        <h2 className="card-title">
          <Icon name="key" className="size-5 text-primary" /> {t('account.change.title')}
        </h2>
        <FormError message={errors._ ?? null} testId="change-password-error" />
        <Field
          id="account-current"
          name="currentPassword"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          maxLength={200}
          label={t('account.change.current')}
          error={errors.currentPassword}
          errorTestId="change-password-error"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields
          idPrefix="account"
          password={next}
          confirm={confirm}
          onPassword={setNext}
          onConfirm={setConfirm}
          labels={{ password: t('account.change.new'), confirm: t('account.change.confirm') }}
          shown={shown}
          errors={errors}
          errorTestId="change-password-error"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ShowPasswords shown={shown} onChange={setShown} />
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {change.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {change.isPending ? t('account.change.pending') : t('account.change.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
