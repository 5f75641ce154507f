import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '../../shared/i18n';
import type { SessionUser } from '../../shared/schemas/auth';
import { setLocale, useLocale, useT } from '../i18n';
import { useSession } from '../session';
import { trpc, trpcClient } from '../trpc';
import { Icon } from '../ui/Icon';

/** On sign-in (and whenever the account's stored language changes) the account's language wins. */
export function useAccountLocale() {
  const { user } = useSession();
  useEffect(() => {
    if (user?.locale) setLocale(user.locale);
  }, [user?.id, user?.locale]);
}

const SHORT: Record<Locale, string> = { en: 'EN', ar: 'عربي' };

/** English / العربية in the header: remembered in the browser, and on the account once signed in. */
export function LanguageSwitch() {
  const t = useT();
  const locale = useLocale();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  const onClick = () => {
    setLocale(other);
    if (!user) return;
    void trpcClient.auth.setLocale
      .mutate({ locale: other })
      .then(() => queryClient.setQueryData(trpc.auth.me.queryKey(), (u: SessionUser | null | undefined) => (u ? { ...u, locale: other } : u)))
      .catch(() => undefined);
  };
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm gap-1 px-2"
      onClick={onClick}
      data-testid="lang-switch"
      aria-label={t('lang.switch', { language: t(`lang.name.${locale}`), other: t(`lang.name.${other}`) })}
    >
      <Icon name="globe" className="hidden size-4 shrink-0 sm:block" />
      <span lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>
        {/* Phones get the short name: the header has room for little else. */}
        <span className="sm:hidden">{SHORT[other]}</span>
        <span className="hidden sm:inline">{t(`lang.name.${other}`)}</span>
      </span>
    </button>
  );
}
