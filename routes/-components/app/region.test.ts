import { describe, expect, test } from 'bun:test';
import { REGIONS } from '../../../src/shared/regions';
import { parseStoredRegion, regionFromTimeZone, serializeRegion } from './region';

describe('region', () => {
  test('preselected from the browser time zone', () => {
    expect(regionFromTimeZone('Asia/Kuwait')).toBe('kuwait');
    expect(regionFromTimeZone('Asia/Dubai')).toBe('uae');
    expect(regionFromTimeZone('Etc/UAE')).toBe('uae');
    expect(regionFromTimeZone('Europe/London')).toBe('kuwait');
    expect(regionFromTimeZone(undefined)).toBe('kuwait');
  });

  test('kept under rider-region as the Region, read back tolerant of a bare id', () => {
    expect(parseStoredRegion(serializeRegion('uae'))).toEqual(REGIONS.uae);
    expect(parseStoredRegion('kuwait')).toEqual(REGIONS.kuwait);
    expect(parseStoredRegion('"uae"')).toEqual(REGIONS.uae);
    expect(parseStoredRegion('mars')).toBeNull();
    expect(parseStoredRegion(null)).toBeNull();
  });
});
