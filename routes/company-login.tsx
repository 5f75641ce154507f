import { createFileRoute } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { loginRequest, silentLogout } from '../src/client/auth';
import { useT } from '../src/client/i18n';
import { toast } from '../src/client/toast';
import { Field } from '../src/client/ui/Field';
import { Icon } from '../src/client/ui/Icon';

export const Route = createFileRoute('/company-login')({ component: CompanyLogin });

function CompanyLogin() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const em = email.trim();
    const pw = password.trim();
    if (!em || !pw) {
      toast({ title: t('login.error.title'), description: t('login.error.required'), variant: 'destructive' });
      return;
    }
    setPending(true);
    setError(null);
    await silentLogout();
    const outcome = await loginRequest(em, pw);
    if (!outcome.ok) {
      setPending(false);
      setError(outcome.reason === 'network' ? t('companyLogin.network') : (outcome.message ?? t('companyLogin.failed')));
      return;
    }
    toast({ title: t('login.success.title'), description: t('login.success.text', { firstName: outcome.user.firstName }), variant: 'success' });
    // Spec section 4: company login success does a full navigation to /company.
    window.location.assign('/company');
  }

  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-md">
        <form className="card-body gap-5 p-6 sm:p-8" onSubmit={onSubmit}>
          <div className="flex items-center gap-3">
            <div className="grid size-12 place-items-center rounded-xl bg-secondary/10 text-secondary">
              <Icon name="building" className="size-7" />
            </div>
            <h1 className="text-2xl font-bold">{t('companyLogin.title')}</h1>
          </div>
          {error ? (
            <div role="alert" className="alert alert-error text-sm" data-testid="company-login-error">
              {error}
            </div>
          ) : null}
          <Field
            id="company-email"
            name="email"
            type="email"
            required
            autoComplete="username"
            label={t('companyLogin.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            id="company-password"
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('companyLogin.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button type="submit" className="btn btn-secondary btn-lg w-full" disabled={pending}>
            {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {pending ? t('login.pending') : t('login.submit')}
          </button>
          <p className="text-sm text-base-content/70">{t('companyLogin.help')}</p>
          <p className="rounded-box bg-base-200 p-3 text-xs text-base-content/70">{t('companyLogin.note')}</p>
        </form>
      </div>
    </main>
  );
}
