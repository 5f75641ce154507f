import { UAE_EMIRATES } from './areas-ae';
import { KUWAIT_GOVERNORATES } from './areas-kw';

/** A structured address's country: Kuwait or the UAE. */
export const ADDRESS_COUNTRIES = ['KW', 'AE'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];

/** An area: [id, English, Arabic]. Ids are unique within a country. */
export type AreaTuple = readonly [id: string, en: string, ar: string];

/** A Kuwait governorate or a UAE emirate with its areas. */
export interface Division {
  id: string;
  en: string;
  ar: string;
  areas: readonly AreaTuple[];
}

export interface Area {
  id: string;
  en: string;
  ar: string;
  division: string;
}

/**
 * An area as the data files write it: [English, Arabic], with its id only when it is not the English name's slug
 * (two emirates' "Al Nahda"): 158 of the 165 ids left out of the rider app's first download. The ids are stored in addresses;
 * test/fixtures/gulf-area-ids.json pins every one.
 */
export type AreaData = readonly [en: string, ar: string, id?: string];
export type DivisionData = Omit<Division, 'areas'> & { areas: readonly AreaData[] };

/** 'Bneid Al-Gar' → 'bneid-al-gar'. */
export const areaSlug = (en: string) =>
  en
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f'’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const expand = (divisions: readonly DivisionData[]): readonly Division[] =>
  divisions.map((d) => ({ ...d, areas: d.areas.map(([en, ar, id]): AreaTuple => [id ?? areaSlug(en), en, ar]) }));

export const DIVISIONS: Record<AddressCountry, readonly Division[]> = { KW: expand(KUWAIT_GOVERNORATES), AE: expand(UAE_EMIRATES) };

/** The country of a company's region: KW for kuwait, AE for uae. */
export const countryOfRegion = (region: 'kuwait' | 'uae'): AddressCountry => (region === 'uae' ? 'AE' : 'KW');

export function divisionOf(country: AddressCountry, id: string): Division | undefined {
  return DIVISIONS[country].find((d) => d.id === id);
}

export function areasOf(country: AddressCountry, divisionId: string): Area[] {
  const d = divisionOf(country, divisionId);
  return d ? d.areas.map(([id, en, ar]) => ({ id, en, ar, division: d.id })) : [];
}

export function allAreas(country: AddressCountry): Area[] {
  return DIVISIONS[country].flatMap((d) => areasOf(country, d.id));
}

export function findArea(country: AddressCountry, divisionId: string, areaId: string): Area | undefined {
  return areasOf(country, divisionId).find((a) => a.id === areaId);
}

/**
 * A name folded for matching. Arabic: no tashkeel or tatweel, أإآٱ→ا, ة→ه, ى→ي, ؤ→و, ئ→ي, and the
 * article "ال" dropped at the start of a word. English: lower case, no accents, "Al-"/"Al " and
 * hyphens, apostrophes and spaces dropped.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .toLowerCase()
    .replace(/(^|[\s\-_'’.,])(?:al|el)[\s-]+/g, '$1')
    .replace(/(^|\s)ال(?=\S{2,})/g, '$1')
    .replace(/[\s\-_'’.,]+/g, '');
}

/**
 * Areas matching a query typed in Arabic or English (folded both sides): names that start with the
 * query first, then names that contain it; an empty query lists every area of the division (or country).
 */
export function searchAreas(country: AddressCountry, query: string, divisionId?: string): Area[] {
  const pool = divisionId ? areasOf(country, divisionId) : allAreas(country);
  const q = foldName(query);
  if (!q) return pool;
  const scored: { area: Area; score: number }[] = [];
  for (const area of pool) {
    const names = [foldName(area.en), foldName(area.ar)];
    const score = names.some((n) => n === q) ? 0 : names.some((n) => n.startsWith(q)) ? 1 : names.some((n) => n.includes(q)) ? 2 : -1;
    if (score >= 0) scored.push({ area, score });
  }
  return scored.sort((a, b) => a.score - b.score).map((s) => s.area);
}
