import { describe, expect, test } from 'bun:test';
import { cleanCustomerData, extractCustomerData, mergeCustomerData, missingFields, normalizePhone } from './customer-data';

describe('extractCustomerData', () => {
  const cases: [string, 'name' | 'company' | null, ReturnType<typeof extractCustomerData>][] = [
    ["I'm Ahmed from Blue Fleet, ahmed@bluefleet.com, +965 5555 1234", null, { found: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com', phone: '+96555551234' }, badEmail: false }],
    ['This is Sara Al-Mutairi from Souq Logistics. Call me on 00971 50 123 4567', null, { found: { name: 'Sara Al-Mutairi', company: 'Souq Logistics', phone: '+971501234567' }, badEmail: false }],
    ['my name is ahmed al-sabah', null, { found: { name: 'Ahmed Al-Sabah' }, badEmail: false }],
    ['I work at Gulf Express and my email is x@y', null, { found: { company: 'Gulf Express' }, badEmail: true }],
    ["I'm interested in pricing", null, { found: {}, badEmail: false }],
    ['We are from Kuwait', null, { found: {}, badEmail: false }],
    ['Hi, I am looking for a demo at 5pm', null, { found: {}, badEmail: false }],
    ['ahmed', 'name', { found: { name: 'Ahmed' }, badEmail: false }],
    ['سارة', 'name', { found: { name: 'سارة' }, badEmail: false }],
    ['tell me more', 'name', { found: {}, badEmail: false }],
    ['what is the price?', 'company', { found: {}, badEmail: false }],
    ["It's Blue Fleet Co.", 'company', { found: { company: 'Blue Fleet Co' }, badEmail: false }],
    ['call 5555 1234', null, { found: {}, badEmail: false }],
  ];
  for (const [message, expecting, expected] of cases) {
    test(`${JSON.stringify(message)} (expecting ${expecting})`, () => {
      expect(extractCustomerData(message, expecting)).toEqual(expected);
    });
  }
});

describe('validation and merging', () => {
  test('phones: + and 10–15 digits after removing spaces, dashes and brackets; 00 is +', () => {
    expect(['+965 5555 1234', '(+965) 5555-1234', '0096555551234', '55551234', '+12345', '+1234567890123456'].map(normalizePhone)).toEqual([
      '+96555551234',
      '+96555551234',
      '+96555551234',
      null,
      null,
      null,
    ]);
    // Typed with Arabic-Indic digits, as many Gulf visitors do.
    expect(normalizePhone('+٩٦٥ ٥٥٥٥ ١٢٣٤')).toBe('+96555551234');
    expect(extractCustomerData('رقمي ٠٠٩٦٥٥٥٥٥١٢٣٤').found.phone).toBe('+96555551234');
  });

  test("the client's copy keeps only valid values; newer values win", () => {
    const known = cleanCustomerData({ name: '  Sara  ', company: '', email: 'SARA@Souq.example', phone: 'call me' });
    expect(known).toEqual({ name: 'Sara', email: 'sara@souq.example' });
    expect(missingFields(known)).toEqual(['company']);
    expect(mergeCustomerData(known, { name: 'Sara K', company: 'Souq' })).toEqual({ name: 'Sara K', email: 'sara@souq.example', company: 'Souq' });
  });
});
