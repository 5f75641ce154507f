/** The paths of the landing page's icons (feature chips, portal cards, enterprise list), downloaded with that page. */
export const LANDING_ICONS = {
  chart: 'M4 19V5m0 14h16M8 16v-5m4 5V8m4 8v-3',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6m-6 4h6m-6 4h3',
  pin: 'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm3 17h2',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Zm-3 9 2 2 4-4',
  coins: 'M9 8c3.3 0 6-1.1 6-2.5S12.3 3 9 3 3 4.1 3 5.5 5.7 8 9 8Zm-6-2.5v4C3 10.9 5.7 12 9 12s6-1.1 6-2.5v-4M3 9.5v4C3 14.9 5.7 16 9 16c1 0 2-.1 2.8-.3M15 12c3.3 0 6 1.1 6 2.5S18.3 17 15 17s-6-1.1-6-2.5S11.7 12 15 12Zm-6 2.5v4c0 1.4 2.7 2.5 6 2.5s6-1.1 6-2.5v-4',
  offline: 'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5-2.7M19 13a10 10 0 0 0-3-2M2 9.5a15 15 0 0 1 4.5-3M22 9.5A15 15 0 0 0 12 5c-.7 0-1.4 0-2 .1M12 20h.01',
  sparkles: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3Zm7 12 .8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z',
  building: 'M4 21V5l8-3v19M12 21h8V9l-8-3M8 8v.01M8 12v.01M8 16v.01M16 12v.01M16 16v.01M3 21h18',
  scooter: 'M5 17a2 2 0 1 0 4 0 2 2 0 0 0-4 0Zm10 0a2 2 0 1 0 4 0 2 2 0 0 0-4 0ZM9 17h6l2-7h-4M17 10l-2-5h-3M4 13h6',
  check: 'M5 12l5 5L20 7',
} as const;

export type LandingIconName = keyof typeof LANDING_ICONS;
