import { LANDING_ICONS } from './icons/landing';
import { SHELL_ICONS } from './icons/shell';
import { SvgIcon } from './SvgIcon';

/**
 * A few line icons (24x24, currentColor) so nothing depends on an emoji font, by name. The shell's and the landing
 * page's icons live in their own small modules (drawn there with SvgIcon), so the first download of every page
 * does not carry every icon's path.
 */
const PATHS = {
  ...SHELL_ICONS,
  ...LANDING_ICONS,
  minus: 'M5 12h14',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
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
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2',
  alert: 'M12 3 2 20h20L12 3Zm0 6v5m0 3v.01',
  cloudOff: 'M3 3l18 18M8 19h9a4 4 0 0 0 1.6-7.7A6 6 0 0 0 8.5 7.3M5.5 9.7A4.5 4.5 0 0 0 7 19',
  lifebuoy: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-5a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-6.4 2.4 3.6-3.6m5.6-5.6 3.6-3.6m0 12.8-3.6-3.6M9.2 9.2 5.6 5.6',
  send: 'M4 12 20 4l-4 16-4-7-8-1Zm8 1 8-9',
  ticket: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7Zm11-2v14',
  copy: 'M9 9h11v11H9V9Zm-4 6H4V4h11v1',
  calendar: 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  key: 'M8 20a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm2.8-6.8L20 4m-3 3 2.5 2.5M14.5 9.5 17 12',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons that point a way (send, log out): mirrored in right-to-left layouts. */
export const DIRECTIONAL: ReadonlySet<IconName> = new Set<IconName>(['send', 'logout', 'chevronLeft', 'chevronRight']);

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return <SvgIcon d={PATHS[name]} className={className} mirrored={DIRECTIONAL.has(name)} />;
}
