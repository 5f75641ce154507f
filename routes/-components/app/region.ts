import { DEFAULT_REGION, REGION_IDS, REGIONS, type Region, type RegionId } from '../../../src/shared/regions';

/** Spec section 3: the chosen region is kept in browser storage under the 'rider-region' key. */
export const REGION_STORAGE_KEY = 'rider-region';

/** Spec section 4: preselect by the browser's time zone (containing Kuwait → kuwait; Dubai or UAE → uae). */
export function regionFromTimeZone(timeZone: string | undefined): RegionId {
  const tz = timeZone ?? '';
  if (/kuwait/i.test(tz)) return 'kuwait';
  if (/dubai|uae/i.test(tz)) return 'uae';
  return DEFAULT_REGION;
}

/** The stored region: the Region object as JSON, or a bare id from an older version. */
export function parseStoredRegion(raw: string | null): Region | null {
  if (!raw) return null;
  let id: unknown = raw;
  try {
    const parsed = JSON.parse(raw) as unknown;
    id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : parsed;
  } catch {
    // a bare id
  }
  return typeof id === 'string' && (REGION_IDS as readonly string[]).includes(id) ? REGIONS[id as RegionId] : null;
}

export const serializeRegion = (id: RegionId) => JSON.stringify(REGIONS[id]);
