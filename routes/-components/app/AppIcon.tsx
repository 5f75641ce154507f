/** Line icons for the rider app (24x24, currentColor); no emoji font needed. */
const PATHS = {
  bell: 'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9Zm4.3 13a1.9 1.9 0 0 0 3.4 0',
  download: 'M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3',
  logout: 'M15 4h4v16h-4M10 17l5-5-5-5M15 12H3',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 0v14m6-12v14',
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z',
  whatsapp: 'M3 21l1.6-4.8A8.5 8.5 0 1 1 8 19.6L3 21Zm6-13c0 4 3 7 7 7l1-2-2.5-1-1 1a5 5 0 0 1-2.5-2.5l1-1L11 7 9 8Z',
  play: 'M7 4v16l13-8L7 4Z',
  pause: 'M8 5v14m8-14v14',
  stop: 'M6 6h12v12H6z',
  sync: 'M20 11a8 8 0 0 0-14.9-3M4 4v4h4m-4 5a8 8 0 0 0 14.9 3M20 20v-4h-4',
  gps: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0-6v4m0 12v4M2 12h4m12 0h4',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4V8Zm8 9a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
  cash: 'M3 6h18v12H3V6Zm9 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 9v.01M18 15v.01',
  box: 'M21 8 12 3 3 8v8l9 5 9-5V8Zm-18 0 9 5 9-5m-9 5v8',
  check: 'M5 12l5 5L20 7',
  close: 'M6 6l12 12M18 6 6 18',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
  alert: 'M12 3 2 20h20L12 3Zm0 6v5m0 3v.01',
  cloudOff: 'M3 3l18 18M8 19h9a4 4 0 0 0 1.6-7.7A6 6 0 0 0 8.5 7.3M5.5 9.7A4.5 4.5 0 0 0 7 19',
  lifebuoy: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-5a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6.4 2.4 3.6-3.6m5.6-5.6 3.6-3.6m0 12.8-3.6-3.6M9.2 9.2 5.6 5.6',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z',
  chart: 'M4 19V5m0 14h16M8 16v-5m4 5V8m4 8v-3',
} as const;

export type AppIconName = keyof typeof PATHS;

export function AppIcon({ name, className = 'size-5' }: { name: AppIconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
