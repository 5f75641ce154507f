import { expect, test } from 'bun:test';
import { termReport } from '../../../scripts/term-variants';
import { COMPANY_TABS } from '../company-tabs';
import { tourParams } from '../tour';
import { ar } from './ar';
import { en } from './en';
import { translate } from '.';

test('one term per thing: no catalog text uses a wording the terms table rules out', () => {
  const strays = termReport().flatMap(({ rule, strays }) => strays.map((key) => `${rule.lang} ${rule.concept}: ${key}`));
  expect(strays).toEqual([]);
});

test('the rider’s number has one name on every form and in the tour, as the spec’s message says it', () => {
  expect(en['errors.licenseRequired']).toBe('License number is required');
  for (const key of ['form.licensePlate', 'company.fleet.licenseNumber', 'oversight.licenseNumber'] as const) {
    expect(en[key]).toBe('License number');
    expect(ar[key]).toBe('رقم الرخصة');
  }
  expect(en['tour.add-rider.text']).toContain('license number');
  expect(ar['tour.add-rider.text']).toContain('رقم الرخصة');
});

test('the tour counts the company tabs there are and names each of them', () => {
  expect(translate('en', 'tour.navigation.title', tourParams('navigation'))).toBe(`${COMPANY_TABS.length} tabs`);
  expect(translate('en', 'tour.navigation.title', tourParams('navigation'))).toBe('5 tabs');
  for (const tab of COMPANY_TABS) {
    expect(en['tour.navigation.text']).toContain(en[`company.tab.${tab}`]);
    expect(ar['tour.navigation.text']).toContain(`«${ar[`company.tab.${tab}`]}»`);
  }
});
