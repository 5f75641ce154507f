import type { PluralKey } from '..';

/**
 * Arabic count forms beyond the catalog's `.one` / `.other` (Intl.PluralRules('ar'): zero, one, two,
 * few 3–10, many 11–99, other 100+). Kept out of the `ar` catalog, which has exactly en's keys; a
 * category missing here falls back to `.other` (see `plural` in ../index.ts). The dual names the
 * number itself (مندوبان = two riders); 11–99 take the singular (accusative).
 */
export const arPlurals: Partial<Record<PluralKey, string>> = {
  'answers.unit.company.two': 'شركتان',
  'answers.unit.company.few': '{n} شركات',
  'answers.unit.company.many': '{n} شركةً',
  'answers.unit.ticket.two': 'تذكرتا دعم',
  'answers.unit.ticket.few': '{n} تذاكر دعم',
  'answers.unit.ticket.many': '{n} تذكرةَ دعم',
  'analysis.unit.rider.two': 'مندوبان',
  'analysis.unit.rider.few': '{n} مندوبين',
  'analysis.unit.rider.many': '{n} مندوبًا',
  'analysis.unit.order.two': 'طلبان',
  'analysis.unit.order.few': '{n} طلبات',
  'analysis.unit.order.many': '{n} طلبًا',
  'analysis.unit.shift.two': 'مناوبتان',
  'analysis.unit.shift.few': '{n} مناوبات',
  'analysis.unit.shift.many': '{n} مناوبةً',
  'analysis.unit.break.two': 'استراحتان',
  'analysis.unit.break.few': '{n} استراحات',
  'analysis.unit.break.many': '{n} استراحةً',
  'analysis.unit.stretch.two': 'فترتا عمل متواصلتان',
  'analysis.unit.stretch.few': '{n} فترات عمل متواصلة',
  'analysis.unit.stretch.many': '{n} فترةَ عمل متواصلة',
  'analysis.unit.day.two': 'يومان',
  'analysis.unit.day.few': '{n} أيام',
  'analysis.unit.day.many': '{n} يومًا',
  'analysis.unit.week.two': 'أسبوعان',
  'analysis.unit.week.few': '{n} أسابيع',
  'analysis.unit.week.many': '{n} أسبوعًا',
  'figures.unit.ordersPerHour.two': 'طلبان في الساعة',
  'figures.unit.ordersPerHour.few': '{n} طلبات في الساعة',
  'figures.unit.ordersPerHour.many': '{n} طلبًا في الساعة',
  'figures.unit.minutes.two': 'دقيقتان',
  'figures.unit.minutes.few': '{n} دقائق',
  'figures.unit.minutes.many': '{n} دقيقةً',
  'figures.unit.hours.two': 'ساعتان',
  'figures.unit.hours.few': '{n} ساعات',
  'figures.unit.hours.many': '{n} ساعةً',
  'tickets.comments.two': 'تعليقان',
  'tickets.comments.few': '{n} تعليقات',
  'tickets.comments.many': '{n} تعليقًا',
};
