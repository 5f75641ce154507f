import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginRequest } from '../src/client/auth';
import { useT } from '../src/client/i18n';
import { loginSearchParams } from '../src/client/search';
import { sessionQuery } from '../src/client/session';
import { toast } from '../src/client/toast';
import { Field } from '../src/client/ui/Field';
import { postLoginPath } from '../src/shared/permissions';
import { LOGIN_ERROR_OAUTH, LOGIN_ERROR_TOO_MANY } from '../src/shared/login-errors';

/** Spec section 4: wait 200 ms after a successful login before navigating. */
export const LOGIN_DELAY_MS = 200;

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchParams,
  component: LoginPage,
});

function LoginPage() {
  const t = useT();
  const { redirect, error } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const em = email.trim();
    const pw = password.trim();
    if (!em || !pw) {
      toast({ title: t('login.error.title'), description: t('login.error.required'), variant: 'destructive' });
      return;
    }
    setPending(true);
    const outcome = await loginRequest(em, pw);
    if (!outcome.ok) {
      setPending(false);
      const description =
        outcome.reason === 'network' ? t('error.network') : (outcome.message ?? t('login.failed.invalid'));
      toast({ title: t('login.failed.title'), description, variant: 'destructive' });
      return;
    }
    toast({ title: t('login.success.title'), description: t('login.success.text', { firstName: outcome.user.firstName }), variant: 'success' });
    await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
    setTimeout(() => navigate({ href: postLoginPath(outcome.user.role, redirect) }), LOGIN_DELAY_MS);
  }

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-md">
        <form className="card-body gap-5 p-6 sm:p-8" onSubmit={onSubmit} noValidate={false}>
          <div>
            <h1 className="text-2xl font-bold">{t('login.title')}</h1>
            <p className="text-sm text-base-content/70">{t('login.subtitle')}</p>
          </div>
          {error === LOGIN_ERROR_OAUTH || error === LOGIN_ERROR_TOO_MANY ? (
            <div role="alert" className="alert alert-warning text-sm">
              {error === LOGIN_ERROR_OAUTH ? t('login.oauthFailed') : t('account.tooManyAttempts')}
            </div>
          ) : null}
          <Field
            id="email"
            name="email"
            type="email"
            required
            autoComplete="username"
            inputMode="email"
            label={t('login.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-lg w-full" disabled={pending}>
            {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {pending ? t('login.pending') : t('login.submit')}
          </button>
          <Link to="/company-login" className="link link-hover text-center text-sm">
            {t('login.companyLink')}
          </Link>
        </form>
      </div>
    </main>
  );
}
