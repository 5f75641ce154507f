import { describe, expect, test } from 'bun:test';
import { allAreas, DIVISIONS, foldName, searchAreas } from './areas';
import storedIds from '../../../test/fixtures/gulf-area-ids.json';

describe('Gulf area lists', () => {
  test('every area keeps the id addresses were stored with (the data files write most ids as the English name’s slug)', () => {
    const ids = Object.fromEntries((['KW', 'AE'] as const).map((c) => [c, Object.fromEntries(DIVISIONS[c].map((d) => [d.id, d.areas.map(([id]) => id)]))]));
    expect(ids).toEqual(storedIds);
    for (const c of ['KW', 'AE'] as const) expect(new Set(allAreas(c).map((a) => a.id)).size).toBe(allAreas(c).length);
  });

  test('Kuwait has its six governorates and the UAE its seven emirates, each with areas in both languages', () => {
    expect(DIVISIONS.KW.map((d) => d.en)).toEqual(['Capital', 'Hawalli', 'Farwaniya', 'Mubarak Al-Kabeer', 'Ahmadi', 'Jahra']);
    expect(DIVISIONS.AE.map((d) => d.en)).toEqual(['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah']);
    for (const country of ['KW', 'AE'] as const) {
      for (const d of DIVISIONS[country]) {
        expect(d.areas.length).toBeGreaterThanOrEqual(8);
        for (const [, en, arName] of d.areas) {
          expect(en).toMatch(/^[A-Za-z' -]+$/);
          expect(arName).toMatch(/^[\u0600-\u06FF ]+$/);
        }
      }
      const ids = allAreas(country).map((a) => a.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  test('folding ignores tashkeel, hamza forms, taa marbuta, the article, case, Al- and hyphens', () => {
    expect(foldName('السَّالِمِيَّة')).toBe(foldName('سالميه'));
    expect(foldName('أبو حليفة')).toBe(foldName('ابو حليفه'));
    expect(foldName('Al-Salmiya')).toBe('salmiya');
    expect(foldName('al salmiya')).toBe('salmiya');
    expect(foldName('Jleeb Al-Shuyoukh')).toBe(foldName('jleeb shuyoukh'));
  });

  test.each(['سالمية', 'السالمية', 'السالميه', 'salmiya', 'SALMIYA', 'al-salmiya', 'Al Salmiya', 'salm'])('"%s" finds Salmiya first', (q) => {
    expect(searchAreas('KW', q)[0]?.id).toBe('salmiya');
  });

  test('Arabic and English queries in the UAE; a division narrows the list', () => {
    expect(searchAreas('AE', 'البرشاء')[0]?.en).toBe('Al Barsha');
    expect(searchAreas('AE', 'barsha')[0]?.en).toBe('Al Barsha');
    expect(searchAreas('AE', 'ديره')[0]?.en).toBe('Deira');
    expect(searchAreas('AE', 'marina', 'dubai').map((a) => a.id)).toEqual(['dubai-marina']);
    expect(searchAreas('KW', 'salmiya', 'ahmadi')).toEqual([]);
    expect(searchAreas('KW', '', 'jahra').length).toBe(DIVISIONS.KW.find((d) => d.id === 'jahra')!.areas.length);
  });

  test('prefix matches come before matches inside the name', () => {
    const ids = searchAreas('KW', 'jab').map((a) => a.id);
    expect(ids[0]).toBe('jabriya');
    expect(ids).toContain('jaber-al-ali');
  });
});
