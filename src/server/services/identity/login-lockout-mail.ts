import type { Locale } from '../../../shared/i18n';
import type { Mail } from '../integrations';

/** The e-mail to an account's owner when sign-ins from new devices are paused, in the owner's language (server-only text: not in the app's catalogs). */
export function loginLockoutMail(locale: Locale, email: string, failures: number, minutes: number): Mail {
  if (locale === 'ar') {
    return {
      subject: 'أُوقف تسجيل الدخول إلى حسابك في KWT Delivery مؤقتاً',
      text: `أدخل أحدهم كلمة مرور خاطئة للحساب ${email} ${failures} مرات خلال 15 دقيقة، لذا أُوقف تسجيل الدخول من الأجهزة التي لم تسجّل الدخول إلى هذا الحساب من قبل لمدة تصل إلى ${minutes} دقيقة. الأجهزة التي سجّلت الدخول من قبل ما زالت تستطيع ذلك.\n\nإن لم تكن أنت فلا حاجة لأي إجراء آخر؛ وإن ظننت أن أحداً يعرف كلمة مرورك فغيّرها بعد تسجيل الدخول.`,
    };
  }
  return {
    subject: 'Sign-ins to your KWT Delivery account were paused',
    text: `Someone entered a wrong password for ${email} ${failures} times in 15 minutes, so sign-ins from devices that have not signed in to this account before are paused for up to ${minutes} minutes. Devices that signed in before still can.\n\nIf it was not you, nothing else is needed; if you think someone knows your password, change it after signing in.`,
  };
}
