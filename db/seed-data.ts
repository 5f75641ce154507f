/** Names and places for demo data that looks like a real Gulf delivery business. */
export const KUWAIT_ADDRESSES = [
  'Salmiya, Block 10, Street 5, House 12',
  'Hawalli, Block 3, Tunis Street, Building 41',
  'Jabriya, Block 8, Street 101, House 7',
  'Kuwait City, Sharq, Ahmad Al Jaber Street, Tower 2',
  'Farwaniya, Block 4, Street 68, Apartment 9',
  'Mangaf, Block 2, Street 24, House 15',
  'Fahaheel, Block 9, Makkah Street, Building 3',
  'Rumaithiya, Block 6, Street 12, House 30',
  'The Avenues Mall, Rai, Gate 4',
  'Mishref, Block 1, Street 4, House 22',
  'Kuwait City, Qibla, Fahad Al Salem Street, Building 17',
  'Surra, Block 2, Street 9, House 5',
];
export const UAE_ADDRESSES = [
  'Al Barsha 1, Street 23, Villa 14, Dubai',
  'Jumeirah Lake Towers, Cluster D, Tower 2, Office 1204, Dubai',
  'Deira, Al Rigga Road, Building 8, Flat 302, Dubai',
  'Business Bay, Bay Square, Building 11, Dubai',
  'Al Nahda 2, Street 14, Building 6, Sharjah',
  'Jumeirah Village Circle, District 12, Building 5, Dubai',
  'Dubai Marina, Marina Promenade, Delphine Tower, Dubai',
  'Al Karama, Street 10B, Building 22, Dubai',
  'Al Majaz 3, Jamal Abdul Nasser Street, Sharjah',
  'Dubai Silicon Oasis, Axis Residence 3, Dubai',
  'Mirdif, Uptown Mirdif, Street 5, Villa 9, Dubai',
  'Al Qusais 2, Damascus Street, Building 4, Dubai',
];
/** Structured Gulf addresses (issue 8) some demo orders deliver to: every tenth order, in turn. */
export const KUWAIT_ADDRESS_PARTS = [
  { country: 'KW', governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', floor: '3', flat: '7', paci: '12345678', landmark: 'Behind the Salmiya co-op', pin: { lat: 29.3346, lng: 48.0768 } },
  { country: 'KW', governorate: 'hawalli', area: 'jabriya', block: '8', street: '101', building: '7', floor: '', flat: '', paci: '', landmark: 'Near Mubarak Al-Kabeer Hospital' },
  { country: 'KW', governorate: 'ahmadi', area: 'mangaf', block: '2', street: '24', building: '15', floor: '1', flat: '4', paci: '', landmark: '' },
  { country: 'KW', governorate: 'farwaniya', area: 'khaitan', block: '4', street: '68', building: '9', floor: '2', flat: '5', paci: '87654321', landmark: 'Opposite the mosque', pin: { lat: 29.2869, lng: 47.9731 } },
] as const;
export const UAE_ADDRESS_PARTS = [
  { country: 'AE', emirate: 'dubai', area: 'al-barsha', street: '15', building: 'Al Zarooni Building 2', makani: '1234567890', landmark: 'Behind Mall of the Emirates', pin: { lat: 25.1135, lng: 55.2003 } },
  { country: 'AE', emirate: 'dubai', area: 'dubai-marina', street: 'Al Marsa Street', building: 'Marina Heights', makani: '', landmark: 'Next to the tram stop' },
  { country: 'AE', emirate: 'sharjah', area: 'al-majaz', street: 'Jamal Abdul Nasser St', building: 'Majaz Tower 3', makani: '', landmark: '' },
] as const;
export const KUWAIT_PICKUPS = ['Sultan Center, Salmiya', 'Lulu Hypermarket, Al Rai', 'Alghanim Electronics, Shuwaikh', 'Burger Boutique, Kuwait City', 'Boots Pharmacy, 360 Mall'];
export const UAE_PICKUPS = ['Carrefour, Mall of the Emirates', 'Noon Warehouse, Al Quoz', 'Sharaf DG, Deira City Centre', 'Aster Pharmacy, Al Barsha', 'Spinneys, Jumeirah'];
export const CUSTOMER_NAMES = [
  'Ahmad Al-Sabah', 'Fatima Al-Mutairi', 'Mohammed Al-Enezi', 'Noura Al-Rashidi', 'Abdullah Al-Ajmi',
  'Maryam Al-Hajri', 'Khalid Al-Shammari', 'Sara Al-Kandari', 'Yousef Al-Azmi', 'Reem Al-Dosari',
  'Omar Al-Mansoori', 'Aisha Al-Nuaimi', 'Rashid Al-Ketbi', 'Hessa Al-Falasi', 'Saeed Al-Suwaidi',
  'Priya Nair', 'Rahul Menon', 'Maria Santos', 'John Mathew', 'Layla Haddad',
];
export const ITEMS = ['Groceries (2 bags)', 'Pharmacy order', 'Mobile phone accessories', 'Dinner for four', 'Documents envelope', 'Clothing parcel', 'Electronics box', 'Flowers bouquet', 'Bakery order', 'Perfume gift set'];

export const FAST_RIDERS = [
  { name: 'Rashid Khan', vehicleType: 'motorcycle', licenseNumber: 'KW-58231' },
  { name: 'Imran Siddiqui', vehicleType: 'motorcycle', licenseNumber: 'KW-61402' },
  { name: 'Mahmoud Fathy', vehicleType: 'car', licenseNumber: 'KW-33019' },
  { name: 'Arjun Pillai', vehicleType: 'motorcycle', licenseNumber: 'KW-77820' },
  { name: 'Hassan Youssef', vehicleType: 'van', licenseNumber: 'KW-40596' },
  { name: 'Jomon Varghese', vehicleType: 'bicycle', licenseNumber: 'KW-12087' },
] as const;
export const EMIRATES_RIDERS = [
  { name: 'Bilal Ahmed', vehicleType: 'motorcycle', licenseNumber: 'DXB-2231-A' },
  { name: 'Samuel Otieno', vehicleType: 'motorcycle', licenseNumber: 'DXB-4810-B' },
  { name: 'Faisal Qureshi', vehicleType: 'car', licenseNumber: 'SHJ-1932-C' },
  { name: 'Nabil Haddad', vehicleType: 'van', licenseNumber: 'AUH-7745-D' },
  { name: 'Tariq Mahmood', vehicleType: 'motorcycle', licenseNumber: 'DXB-9063-E' },
  { name: 'Vikram Rao', vehicleType: 'bicycle', licenseNumber: 'DXB-3378-F' },
] as const;

/** The demo companies' manager accounts: the demo simulator moves these companies' riders only. */
export const DEMO_MANAGER_EMAILS = ['manager@fastdelivery.com', 'manager@emiratesdelivery.ae'] as const;

/**
 * The Support page's two sample tickets (spec section 2), one per demo company manager; the second
 * is being worked on and carries the admin's reply.
 */
export const SAMPLE_TICKETS = [
  {
    manager: 'fast',
    subject: 'Cash hand-over not showing for a rider',
    body: 'Rashid handed over his cash at the Sharq office yesterday evening, but the Cash Management card still shows it as pending. Can you check the submission?',
    priority: 'high',
    status: 'open',
    hoursAgo: 20,
    reply: null,
  },
  {
    manager: 'emirates',
    subject: 'Monthly report in AED for the Dubai fleet',
    body: 'Our finance team needs the monthly manager report with totals in AED only, split by rider. Is there a way to download it that way?',
    priority: 'medium',
    status: 'in-progress',
    hoursAgo: 52,
    reply: 'Thanks Aisha, the AED-only export is being prepared; the Downloads tab already gives the monthly financial analysis in the meantime.',
  },
] as const;
