import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '../../shared/i18n';
import type { SessionUser } from '../../shared/schemas/auth';
import { setLocale, useLocale, useT } from '../i18n';
import { SESSION_QUERY_KEY, useSession } from '../session';
import { SHELL_ICONS } from '../ui/icons/shell';
import { SvgIcon } from '../ui/SvgIcon';

/** On sign-in (and whenever the account's stored language changes) the account's language wins. */
export function useAccountLocale() {
  const { user } = useSession();
  useEffect(() => {
    if (user?.locale) void setLocale(user.locale);
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
    void setLocale(other);
    if (!user) return;
    // The tRPC client comes with the first call that needs it (the signed-in portals have it already).
    void import('../trpc')
      .then(({ trpcClient }) => trpcClient.auth.setLocale.mutate({ locale: other }))
      .then(() => queryClient.setQueryData(SESSION_QUERY_KEY, (u: SessionUser | null | undefined) => (u ? { ...u, locale: other } : u)))
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
      <SvgIcon d={SHELL_ICONS.globe} className="hidden size-4 shrink-0 sm:block" />
      <span lang={other} dir={other === 'ar' ? 'rtl' : 'ltr'}>
        {/* Phones get the short name: the header has room for little else. */}
        <span className="sm:hidden">{SHORT[other]}</span>
        <span className="hidden sm:inline">{t(`lang.name.${other}`)}</span>
      </span>
    </button>
  );
}
