import { describe, expect, test } from 'bun:test';
import { en, type MessageKey } from './i18n/en';
import { placePopover, TOUR_STEPS, tourMove, tourSelector } from './tour';

describe('company tour (spec sections 2 and 4)', () => {
  test('five steps in the spec’s order, each with catalog text', () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual(['header', 'navigation', 'stats', 'add-rider', 'google-sheets']);
    for (const s of TOUR_STEPS) {
      expect(en[`tour.${s.id}.title` as MessageKey]).toBeString();
      expect(en[`tour.${s.id}.text` as MessageKey]).toBeString();
    }
    expect(tourSelector('add-rider')).toBe('[data-tour="add-rider"]');
  });

  test('the add-rider step switches to Fleet Management; stats to Overview', () => {
    expect(TOUR_STEPS.find((s) => s.id === 'add-rider')).toMatchObject({ tab: 'fleet' });
    expect(TOUR_STEPS.find((s) => s.id === 'stats')).toMatchObject({ tab: 'overview' });
  });

  test('Next and Back advance; Next on the last step (Finish) closes; Back stops at the first', () => {
    expect(tourMove(0, 'next')).toBe(1);
    expect(tourMove(3, 'back')).toBe(2);
    expect(tourMove(0, 'back')).toBe(0);
    expect(tourMove(4, 'next')).toBeNull();
  });
});

describe('popover placement', () => {
  const phone = { width: 390, height: 844 };
  const pop = { width: 366, height: 200 };

  test('below the target when it fits, kept inside a 390 px phone', () => {
    const p = placePopover({ top: 100, bottom: 150, left: 300, width: 80 }, pop, phone);
    expect(p).toEqual({ top: 162, left: 12 });
  });

  test('above the target when there is no room below', () => {
    const p = placePopover({ top: 700, bottom: 780, left: 20, width: 100 }, pop, phone);
    expect(p.top).toBe(700 - 12 - 200);
  });

  test('a target taller than the screen: pinned at the bottom, on screen', () => {
    const p = placePopover({ top: -200, bottom: 1200, left: 0, width: 390 }, pop, phone);
    expect(p.top).toBe(844 - 200 - 12);
  });

  test('no target: centred', () => {
    expect(placePopover(null, pop, phone)).toEqual({ top: 322, left: 12 });
    expect(placePopover(null, { width: 352, height: 200 }, { width: 1280, height: 800 })).toEqual({ top: 300, left: 464 });
  });

  test('centred under a wide target on desktop', () => {
    const p = placePopover({ top: 10, bottom: 60, left: 100, width: 1000 }, { width: 352, height: 200 }, { width: 1280, height: 800 });
    expect(p).toEqual({ top: 72, left: 424 });
  });
});
