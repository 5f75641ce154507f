import type { LatLng } from '../src/shared/geo';

/**
 * Where the demo happens (issue 21): each company's depot, a small network of the main roads of Kuwait City
 * and of Dubai (junctions joined along real arterials: the Gulf Road, the ring roads, King Fahad Road,
 * Sheikh Zayed Road, Al Khail Road, Airport Road…), and the coordinates of every pickup and delivery
 * address the demo orders use. Riders' pings follow these roads (seed-route.ts), in the seed and in the
 * demo simulator alike. Coordinates are approximate (a few hundred metres), enough for a map.
 */
export type City = 'kuwait' | 'dubai';

export interface RoadNetwork {
  depot: LatLng;
  nodes: Record<string, LatLng>;
  /** Junctions joined by a road, both ways. */
  roads: readonly (readonly [string, string])[];
}

export const ROADS: Record<City, RoadNetwork> = {
  kuwait: {
    // Fast Delivery's office: Sharq, Khalid Bin Al Waleed Street.
    depot: { lat: 29.3779, lng: 47.9912 },
    nodes: {
      sharq: { lat: 29.3779, lng: 47.9912 },
      towers: { lat: 29.3893, lng: 48.0019 },
      qibla: { lat: 29.3702, lng: 47.9745 },
      shaab: { lat: 29.3565, lng: 48.0322 },
      salmiyaGulf: { lat: 29.3451, lng: 48.0851 },
      salmiya: { lat: 29.3352, lng: 48.0722 },
      hawalli: { lat: 29.3374, lng: 48.0268 },
      jabriya: { lat: 29.3178, lng: 48.0318 },
      rumaithiya: { lat: 29.3113, lng: 48.0762 },
      surra: { lat: 29.3101, lng: 48.0003 },
      mall360: { lat: 29.2674, lng: 48.0008 },
      mishref: { lat: 29.2752, lng: 48.0597 },
      kingFahadSouth: { lat: 29.1905, lng: 48.0793 },
      mangaf: { lat: 29.0993, lng: 48.1262 },
      fahaheel: { lat: 29.0823, lng: 48.1318 },
      khaitan: { lat: 29.2874, lng: 47.9739 },
      farwaniya: { lat: 29.2783, lng: 47.9572 },
      rai: { lat: 29.3012, lng: 47.9351 },
      shuwaikh: { lat: 29.3441, lng: 47.9433 },
    },
    roads: [
      ['sharq', 'towers'],
      ['towers', 'shaab'],
      ['shaab', 'salmiyaGulf'],
      ['salmiyaGulf', 'salmiya'],
      ['sharq', 'qibla'],
      ['sharq', 'hawalli'],
      ['shaab', 'hawalli'],
      ['hawalli', 'salmiya'],
      ['hawalli', 'jabriya'],
      ['jabriya', 'rumaithiya'],
      ['rumaithiya', 'salmiya'],
      ['jabriya', 'surra'],
      ['jabriya', 'mishref'],
      ['surra', 'mall360'],
      ['mall360', 'mishref'],
      ['mishref', 'kingFahadSouth'],
      ['kingFahadSouth', 'mangaf'],
      ['mangaf', 'fahaheel'],
      ['surra', 'khaitan'],
      ['khaitan', 'farwaniya'],
      ['farwaniya', 'rai'],
      ['rai', 'shuwaikh'],
      ['shuwaikh', 'qibla'],
      ['shuwaikh', 'surra'],
    ],
  },
  dubai: {
    // Emirates Express Delivery's warehouse: Al Quoz Industrial Area 3.
    depot: { lat: 25.1333, lng: 55.2263 },
    nodes: {
      alQuoz: { lat: 25.1333, lng: 55.2263 },
      moe: { lat: 25.1181, lng: 55.2006 },
      barsha: { lat: 25.1112, lng: 55.1937 },
      jlt: { lat: 25.0712, lng: 55.1426 },
      marina: { lat: 25.0794, lng: 55.1402 },
      jvc: { lat: 25.0592, lng: 55.2087 },
      szrBusinessBay: { lat: 25.1876, lng: 55.2616 },
      businessBay: { lat: 25.1866, lng: 55.2789 },
      jumeirah: { lat: 25.2112, lng: 55.2531 },
      karama: { lat: 25.2447, lng: 55.3032 },
      rigga: { lat: 25.2641, lng: 55.3213 },
      deiraCityCentre: { lat: 25.2526, lng: 55.3331 },
      garhoud: { lat: 25.2433, lng: 55.3497 },
      qusais: { lat: 25.2792, lng: 55.3788 },
      nahda: { lat: 25.2982, lng: 55.3738 },
      majaz: { lat: 25.3249, lng: 55.3858 },
      mirdif: { lat: 25.2206, lng: 55.4188 },
      meydan: { lat: 25.1642, lng: 55.3027 },
      siliconOasis: { lat: 25.1193, lng: 55.3797 },
    },
    roads: [
      ['alQuoz', 'moe'],
      ['moe', 'barsha'],
      ['barsha', 'jlt'],
      ['jlt', 'marina'],
      ['jlt', 'jvc'],
      ['jvc', 'alQuoz'],
      ['moe', 'szrBusinessBay'],
      ['alQuoz', 'szrBusinessBay'],
      ['szrBusinessBay', 'businessBay'],
      ['szrBusinessBay', 'jumeirah'],
      ['jumeirah', 'karama'],
      ['businessBay', 'karama'],
      ['karama', 'rigga'],
      ['rigga', 'deiraCityCentre'],
      ['karama', 'deiraCityCentre'],
      ['deiraCityCentre', 'garhoud'],
      ['garhoud', 'qusais'],
      ['qusais', 'nahda'],
      ['nahda', 'majaz'],
      ['garhoud', 'mirdif'],
      ['alQuoz', 'meydan'],
      ['businessBay', 'meydan'],
      ['meydan', 'siliconOasis'],
      ['siliconOasis', 'mirdif'],
    ],
  },
};

/** The coordinates of each address text of the demo (pickups and deliveries, db/seed-data.ts). */
export const PLACES: Record<string, LatLng> = {
  'Salmiya, Block 10, Street 5, House 12': { lat: 29.3346, lng: 48.0768 },
  'Hawalli, Block 3, Tunis Street, Building 41': { lat: 29.3381, lng: 48.0247 },
  'Jabriya, Block 8, Street 101, House 7': { lat: 29.3169, lng: 48.0361 },
  'Kuwait City, Sharq, Ahmad Al Jaber Street, Tower 2': { lat: 29.3752, lng: 47.9951 },
  'Farwaniya, Block 4, Street 68, Apartment 9': { lat: 29.2791, lng: 47.9551 },
  'Mangaf, Block 2, Street 24, House 15': { lat: 29.0984, lng: 48.1281 },
  'Fahaheel, Block 9, Makkah Street, Building 3': { lat: 29.0818, lng: 48.1335 },
  'Rumaithiya, Block 6, Street 12, House 30': { lat: 29.3122, lng: 48.0781 },
  'The Avenues Mall, Rai, Gate 4': { lat: 29.3036, lng: 47.9362 },
  'Mishref, Block 1, Street 4, House 22': { lat: 29.2741, lng: 48.0612 },
  'Kuwait City, Qibla, Fahad Al Salem Street, Building 17': { lat: 29.3697, lng: 47.9762 },
  'Surra, Block 2, Street 9, House 5': { lat: 29.3092, lng: 48.0021 },
  'Sultan Center, Salmiya': { lat: 29.3381, lng: 48.0697 },
  'Lulu Hypermarket, Al Rai': { lat: 29.2987, lng: 47.9288 },
  'Alghanim Electronics, Shuwaikh': { lat: 29.3437, lng: 47.9418 },
  'Burger Boutique, Kuwait City': { lat: 29.3746, lng: 47.9848 },
  'Boots Pharmacy, 360 Mall': { lat: 29.2672, lng: 48.0012 },
  'Al Barsha 1, Street 23, Villa 14, Dubai': { lat: 25.1128, lng: 55.1968 },
  'Jumeirah Lake Towers, Cluster D, Tower 2, Office 1204, Dubai': { lat: 25.0703, lng: 55.1409 },
  'Deira, Al Rigga Road, Building 8, Flat 302, Dubai': { lat: 25.2636, lng: 55.3219 },
  'Business Bay, Bay Square, Building 11, Dubai': { lat: 25.1873, lng: 55.2811 },
  'Al Nahda 2, Street 14, Building 6, Sharjah': { lat: 25.2987, lng: 55.3745 },
  'Jumeirah Village Circle, District 12, Building 5, Dubai': { lat: 25.0587, lng: 55.2094 },
  'Dubai Marina, Marina Promenade, Delphine Tower, Dubai': { lat: 25.0781, lng: 55.1411 },
  'Al Karama, Street 10B, Building 22, Dubai': { lat: 25.2452, lng: 55.3027 },
  'Al Majaz 3, Jamal Abdul Nasser Street, Sharjah': { lat: 25.3251, lng: 55.3864 },
  'Dubai Silicon Oasis, Axis Residence 3, Dubai': { lat: 25.1196, lng: 55.3806 },
  'Mirdif, Uptown Mirdif, Street 5, Villa 9, Dubai': { lat: 25.2212, lng: 55.4194 },
  'Al Qusais 2, Damascus Street, Building 4, Dubai': { lat: 25.2788, lng: 55.3792 },
  'Carrefour, Mall of the Emirates': { lat: 25.1181, lng: 55.2006 },
  'Noon Warehouse, Al Quoz': { lat: 25.1362, lng: 55.2249 },
  'Sharaf DG, Deira City Centre': { lat: 25.2525, lng: 55.333 },
  'Aster Pharmacy, Al Barsha': { lat: 25.1102, lng: 55.1993 },
  'Spinneys, Jumeirah': { lat: 25.2107, lng: 55.2546 },
};

/** Areas of the structured demo addresses without a pin of their own (seed-data.ts *_ADDRESS_PARTS). */
const AREAS: Record<string, LatLng> = {
  salmiya: PLACES['Salmiya, Block 10, Street 5, House 12']!,
  jabriya: PLACES['Jabriya, Block 8, Street 101, House 7']!,
  mangaf: PLACES['Mangaf, Block 2, Street 24, House 15']!,
  khaitan: { lat: 29.2869, lng: 47.9731 },
  'al-barsha': PLACES['Al Barsha 1, Street 23, Villa 14, Dubai']!,
  'dubai-marina': PLACES['Dubai Marina, Marina Promenade, Delphine Tower, Dubai']!,
  'al-majaz': PLACES['Al Majaz 3, Jamal Abdul Nasser Street, Sharjah']!,
};

/**
 * Where an address is: its pin, a known demo place, or its area; null for an address the demo does not know
 * (an order a visitor typed), which the simulator places near the depot.
 */
export function placeOf(text: string, parts?: unknown): LatLng | null {
  const p = parts as { pin?: LatLng; area?: string } | null | undefined;
  if (p?.pin && Number.isFinite(p.pin.lat) && Number.isFinite(p.pin.lng)) return { lat: p.pin.lat, lng: p.pin.lng };
  return PLACES[text] ?? (p?.area ? (AREAS[p.area] ?? null) : null);
}

export const cityOf = (currency: string): City => (currency === 'AED' ? 'dubai' : 'kuwait');
