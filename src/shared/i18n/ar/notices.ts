import type { notices as en } from '../en/notices';

/** Arabic for en/notices.ts: every key, same {placeholders}. */
export const notices: Record<keyof typeof en, string> = {
  'notices.title': 'التنبيهات',
  'notices.empty': 'لا توجد تنبيهات',
  'notices.markRead': 'تعليم كمقروء',
  'notices.cash_limit.company': 'لدى {rider} مبلغ {amount} نقداً لم تعدّه الشركة بعد، وهو أعلى من حد النقد ({limit}). لا طلبات دفع نقدي جديدة حتى يُسلَّم النقد ويُعدّ.',
  'notices.cash_limit.rider': 'لديك {amount} نقداً لم تعدّه شركتك بعد، وهو أعلى من حد النقد لديها ({limit}). سلِّم النقد واطلب عدّه لتستلم طلبات دفع نقدي جديدة.',
  'notices.cash_overdue.company': 'لدى {rider} نقد لم تعدّه الشركة منذ {since}، أي أكثر من {hours} ساعة. لا طلبات دفع نقدي جديدة حتى يُسلَّم النقد ويُعدّ.',
  'notices.cash_overdue.rider': 'لديك نقد منذ {since} لم تعدّه شركتك بعد، أي أكثر من {hours} ساعة. سلِّم النقد واطلب عدّه لتستلم طلبات دفع نقدي جديدة.',
  'notices.document_expiring.company': 'تنتهي صلاحية {document} الخاصة بـ {rider} في {date}.',
  'notices.document_expiring.rider': 'تنتهي صلاحية {document} في {date}. جدِّدها قبل ذلك.',
  'notices.document_expired.company': 'انتهت صلاحية {document} الخاصة بـ {rider} في {date}.',
  'notices.document_expired.rider': 'انتهت صلاحية {document} في {date}.',
  'notices.hours_warning.company': 'يبلغ {rider} الحد الأقصى البالغ {hours} ساعة عمل اليوم عند {time}.',
  'notices.hours_warning.rider': 'تبلغ الحد الأقصى البالغ {hours} ساعة عمل اليوم عند {time}. أنهِ مناوبتك قبل ذلك.',
  'notices.cash_discrepancy.company': 'عُدَّ تسليم {rider} بمبلغ {counted} مقابل {amount}: فرق قدره {difference} بانتظار التسوية.',
  'notices.cash_discrepancy.rider': 'عُدَّ تسليمك البالغ {amount} بمبلغ ({counted}). ستسوّي شركتك الفرق البالغ ({difference}).',
  'notices.login_lockout.company': '{email}: أُوقف تسجيل الدخول من الأجهزة الجديدة حتى {time} بعد {failures} محاولات بكلمة مرور خاطئة.',
  'notices.login_lockout.rider': 'أُوقف تسجيل الدخول من الأجهزة الجديدة حتى {time} بعد {failures} محاولات بكلمة مرور خاطئة.',
  'notices.needs_rider.company': 'الطلب الخاص بـ {customer} يحتاج إلى مندوب: لم يقبله أي مندوب بعد {attempts} عروض. أسنده يدوياً.',
  'notices.needs_rider.rider': 'الطلب الخاص بـ {customer} يحتاج إلى مندوب.',
  'notices.offers_paused.company': 'فوّت {rider} {count} عروض متتالية: أُوقفت العروض له حتى يستأنفها.',
  'notices.offers_paused.rider': 'فوّتَّ {count} عروض متتالية، لذلك أُوقفت العروض الجديدة. استأنف العروض عندما تكون جاهزاً.',
};
