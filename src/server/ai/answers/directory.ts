import { t, tn } from '../../../shared/i18n';
import type { listCompanies, listRiders } from '../tools/directory';
import { table, yesNo, type Answer, type Asked } from './answer';

type Riders = Awaited<ReturnType<typeof listRiders.run>>;
type Companies = Awaited<ReturnType<typeof listCompanies.run>>;

/** list_riders: how many, how many active and on duty now; the riders listed below. */
export function ridersAnswer(r: Riders, asked: Asked): Answer {
  if (!r.items.length) return { text: t('answers.riders.none') };
  const counts = {
    riders: tn('analysis.unit.rider', r.total),
    shown: r.items.length,
    active: r.items.filter((x) => x.status === 'active').length,
    onDuty: r.items.filter((x) => x.onDuty).length,
  };
  const withCompany = asked.role === 'admin';
  return {
    text: t(r.total > r.items.length ? 'answers.riders.page' : 'answers.riders.all', counts),
    table: table(
      ['answers.col.rider', ...(withCompany ? (['answers.col.company'] as const) : []), 'answers.col.status', 'answers.col.onDuty', 'answers.col.vehicle'],
      r.items.map((x) => [x.name, ...(withCompany ? [x.companyName] : []), t(`status.${x.status}`), yesNo(x.onDuty), t(`vehicle.${x.vehicleType}` as 'vehicle.car')]),
      r.total,
    ),
  };
}

/** list_companies: an admin's count of companies, riders and orders; a manager's own company. */
export function companiesAnswer(r: Companies, asked: Asked): Answer {
  if (!r.items.length) return { text: t('answers.companies.none') };
  if (asked.role !== 'admin') {
    const own = r.items[0]!;
    return {
      text: t('answers.companies.own', { name: own.name, region: t(`region.${own.region}`), state: t(own.active ? 'answers.companies.active' : 'answers.companies.inactive') }),
      table: table(['answers.col.company', 'answers.col.region', 'answers.col.currency', 'answers.col.active'], [[own.name, t(`region.${own.region}`), own.currency, yesNo(own.active)]]),
    };
  }
  const rows = r.items as Extract<Companies['items'][number], { riders: number }>[];
  const sum = (k: 'riders' | 'orders') => rows.reduce((a, c) => a + c[k], 0);
  return {
    text: t('answers.companies.all', {
      companies: tn('answers.unit.company', r.total),
      active: rows.filter((c) => c.active).length,
      riders: tn('analysis.unit.rider', sum('riders')),
      orders: tn('analysis.unit.order', sum('orders')),
    }),
    table: table(
      ['answers.col.company', 'answers.col.region', 'answers.col.active', ['answers.col.riders', 'numeric'], ['answers.col.orders', 'numeric']],
      rows.map((c) => [c.name, t(`region.${c.region}`), yesNo(c.active), String(c.riders), String(c.orders)]),
      r.total,
    ),
  };
}
