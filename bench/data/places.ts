/**
 * Where the scale data set's companies work and what its people are called. Areas, governorates and emirates
 * come from the app's own Gulf data (src/shared/gulf), customer names, items, shops and free-text addresses from
 * the demo seed (db/seed-data.ts); only what neither has is here: a hub per city with its coordinates (set back
 * from the coast by more than its radius, so a rider's track stays on land) and names enough for 200 companies
 * and 20,000 riders.
 */
import type { Currency } from '../../src/shared/money';
import type { RegionId } from '../../src/shared/regions';
import type { Rand } from './random';

export interface Hub {
  name: string;
  /** The governorate (Kuwait) or emirate (UAE) of src/shared/gulf whose areas its orders deliver to. */
  division: string;
  lat: number;
  lng: number;
  /** How far (km) its riders range. */
  radiusKm: number;
}

export interface Country {
  code: 'KW' | 'AE';
  region: RegionId;
  currency: Currency;
  timezone: 'Asia/Kuwait' | 'Asia/Dubai';
  /** A mobile number is the prefix, one of these digits and 7 more: +965 5/6/9xxxxxxx, +971 5x xxx xxxx. */
  phonePrefix: string;
  mobileStarts: readonly string[];
  landline: string;
  hubs: readonly Hub[];
}

export const KUWAIT: Country = {
  code: 'KW',
  region: 'kuwait',
  currency: 'KWD',
  timezone: 'Asia/Kuwait',
  phonePrefix: '+965',
  mobileStarts: ['5', '6', '9'],
  landline: '+9652',
  hubs: [
    { name: 'Khaldiya', division: 'capital', lat: 29.31, lng: 47.97, radiusKm: 4 },
    { name: 'Hawalli', division: 'hawalli', lat: 29.31, lng: 48.03, radiusKm: 4 },
    { name: 'Farwaniya', division: 'farwaniya', lat: 29.277, lng: 47.959, radiusKm: 6 },
    { name: 'Ahmadi', division: 'ahmadi', lat: 29.1, lng: 48.08, radiusKm: 4 },
    { name: 'Jahra', division: 'jahra', lat: 29.32, lng: 47.67, radiusKm: 4 },
    { name: 'Sabah Al-Salem', division: 'mubarak-al-kabeer', lat: 29.25, lng: 48.04, radiusKm: 3 },
  ],
};

export const UAE: Country = {
  code: 'AE',
  region: 'uae',
  currency: 'AED',
  timezone: 'Asia/Dubai',
  phonePrefix: '+9715',
  mobileStarts: ['0', '2', '4', '5', '6', '8'],
  landline: '+9714',
  hubs: [
    { name: 'Al Qusais', division: 'dubai', lat: 25.26, lng: 55.37, radiusKm: 3.5 },
    { name: 'Al Quoz', division: 'dubai', lat: 25.11, lng: 55.25, radiusKm: 4 },
    { name: 'Jumeirah Village', division: 'dubai', lat: 25.04, lng: 55.18, radiusKm: 4 },
    { name: 'Sharjah', division: 'sharjah', lat: 25.31, lng: 55.44, radiusKm: 4 },
    { name: 'Khalifa City', division: 'abu-dhabi', lat: 24.42, lng: 54.58, radiusKm: 5 },
    { name: 'Ajman', division: 'ajman', lat: 25.38, lng: 55.49, radiusKm: 3 },
  ],
};

export const mobileNumber = (c: Country, r: Rand) => `${c.phonePrefix}${r.pick(c.mobileStarts)}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;

/** 25 × 8 = 200 distinct company names. */
export const COMPANY_WORDS = [
  'Falcon', 'Pearl', 'Dhow', 'Oasis', 'Gulf', 'Desert Rose', 'Al Noor', 'Sahara', 'Crescent', 'Palm',
  'Marina', 'Souq', 'Barq', 'Sareea', 'Najm', 'Bahar', 'Liwan', 'Reef', 'Dana', 'Wadi',
  'Sidra', 'Majlis', 'Qamar', 'Zayed Road', 'Corniche',
] as const;
export const COMPANY_KINDS = ['Delivery', 'Express', 'Couriers', 'Logistics', 'Riders', 'Fast Delivery', 'Parcel Co.', 'Last Mile'] as const;

/** Riders and managers: the Gulf's delivery workforce is mostly South Asian, Arab, Filipino and East African. */
export const FIRST_NAMES = [
  'Mohammed', 'Ahmed', 'Ali', 'Hassan', 'Imran', 'Rashid', 'Bilal', 'Faisal', 'Tariq', 'Nabil',
  'Arjun', 'Rahul', 'Vikram', 'Jomon', 'Anil', 'Suresh', 'Ravi', 'Sanjay', 'Kamal', 'Rafiq',
  'Mahmoud', 'Omar', 'Yousef', 'Khalid', 'Samuel', 'Joseph', 'John', 'Mark', 'Jericho', 'Ramon',
  'Dawit', 'Abdi', 'Kofi', 'Peter', 'Nasser', 'Salem', 'Waleed', 'Sameer', 'Naveed', 'Zubair',
] as const;
export const LAST_NAMES = [
  'Khan', 'Siddiqui', 'Qureshi', 'Ahmed', 'Hussain', 'Fathy', 'Youssef', 'Haddad', 'Pillai', 'Nair',
  'Menon', 'Varghese', 'Rao', 'Sharma', 'Das', 'Mathew', 'Santos', 'Reyes', 'Cruz', 'Otieno',
  'Tesfaye', 'Mensah', 'Al-Mutairi', 'Al-Enezi', 'Al-Rashidi', 'Al-Ajmi', 'Al-Mansoori', 'Al-Nuaimi', 'Mahmood', 'Iqbal',
] as const;

export const VEHICLES = [
  ['motorcycle', 0.7],
  ['car', 0.2],
  ['van', 0.05],
  ['bicycle', 0.05],
] as const;

export const FAILURE_REASONS = ['Customer not answering', 'Wrong address', 'Customer refused the order', 'Shop closed', 'Customer asked to come another day'] as const;

/**
 * How busy each hour of the local day is (0–23), relative to the busiest: quiet nights, a lunch peak and a
 * longer dinner peak, as food and grocery delivery in the Gulf runs.
 */
export const HOUR_WEIGHTS = [
  0.25, 0.12, 0.06, 0.04, 0.03, 0.04, 0.1, 0.25, 0.4, 0.5, 0.6, 0.85,
  1, 0.95, 0.75, 0.6, 0.6, 0.7, 0.85, 1, 1, 0.9, 0.7, 0.45,
] as const;
