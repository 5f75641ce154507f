import { expect, test } from 'bun:test';
import { plural, translate } from '.';

/** Issue 21: "1 orders per hour" — the performance and progress cards count in each language's plural forms. */
test('orders per hour, minutes and hours agree with their number in English and Arabic', () => {
  expect([1, 2, 0.29, 3].map((n) => plural('en', 'figures.unit.ordersPerHour', n))).toEqual(['1 order per hour', '2 orders per hour', '0.29 orders per hour', '3 orders per hour']);
  expect(translate('en', 'riderDash.route.rateOnDuty', { rate: plural('en', 'figures.unit.ordersPerHour', 1), target: 3 })).toBe('1 order per hour on duty (target 3)');
  expect(translate('en', 'app.perf.targetRate', { rate: plural('en', 'figures.unit.ordersPerHour', 3) })).toBe('Target: 3 orders per hour');
  expect([1, 2, 3, 11, 0.29].map((n) => plural('ar', 'figures.unit.ordersPerHour', n))).toEqual([
    '1 طلب في الساعة',
    'طلبان في الساعة',
    '3 طلبات في الساعة',
    '11 طلبًا في الساعة',
    '0.29 طلب في الساعة',
  ]);
  expect([1, 2, 5, 45].map((n) => plural('ar', 'figures.unit.minutes', n))).toEqual(['1 دقيقة', 'دقيقتان', '5 دقائق', '45 دقيقةً']);
  expect(translate('ar', 'riderDash.route.durationOf', { h: plural('ar', 'figures.unit.hours', 3), m: plural('ar', 'figures.unit.minutes', 2) })).toBe('3 ساعات ودقيقتان');
  expect(plural('en', 'figures.unit.hours', 2.5, { n: '2.50' })).toBe('2.50 h');
});
