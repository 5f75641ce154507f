import { expect, test } from 'bun:test';
import { DISPATCH_DEFAULTS } from '../../../../src/shared/schemas/dispatch';
import { draftOf, parseDraft, rangeOf } from './dispatch-form';

test('the ranges are the contract’s: offers 15–600 s, batching 0–5000 m', () => {
  expect(rangeOf('offerSeconds')).toEqual({ min: 15, max: 600 });
  expect(rangeOf('batchRadiusMeters')).toEqual({ min: 0, max: 5000 });
  expect(rangeOf('maxAttempts')).toEqual({ min: 1, max: 20 });
});

test('a draft of the defaults parses back to them', () => {
  expect(parseDraft(draftOf(DISPATCH_DEFAULTS))).toEqual({ ok: true, value: DISPATCH_DEFAULTS });
});

test('out of range, fractional, empty or non-numeric fields are named', () => {
  const draft = { ...draftOf(DISPATCH_DEFAULTS), mode: 'auto' as const, offerSeconds: '14', maxAttempts: '2.5', batchRadiusMeters: '', maxLoad: 'x' };
  expect(parseDraft(draft)).toEqual({ ok: false, bad: ['offerSeconds', 'maxAttempts', 'batchRadiusMeters', 'maxLoad'] });
  expect(parseDraft({ ...draftOf(DISPATCH_DEFAULTS), offerSeconds: ' 600 ', batchRadiusMeters: '0' })).toEqual({ ok: true, value: { ...DISPATCH_DEFAULTS, offerSeconds: 600, batchRadiusMeters: 0 } });
  expect(parseDraft({ ...draftOf(DISPATCH_DEFAULTS), offerSeconds: '601' })).toEqual({ ok: false, bad: ['offerSeconds'] });
});
