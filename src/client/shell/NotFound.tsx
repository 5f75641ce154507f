import { Link } from '@tanstack/react-router';
import { useT } from '../i18n';

export function NotFound() {
  const t = useT();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center" data-testid="not-found">
      <p className="text-7xl font-black text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="text-base-content/70">{t('notFound.text')}</p>
      <div className="flex gap-3">
        <Link to="/" className="btn btn-primary">
          {t('notFound.home')}
        </Link>
        <Link to="/login" className="btn btn-outline">
          {t('notFound.login')}
        </Link>
      </div>
    </main>
  );
}
