import { formatDateTime, type Region } from '../../shared/regions';
import { useT } from '../i18n';

/** The zone's name beside a time, where a list mixes Kuwait and Dubai (issue 21, item 5). */
export function useZoneLabel() {
  const t = useT();
  return (region: Region) => t(region.id === 'uae' ? 'zone.uae' : 'zone.kuwait');
}

/** A date and time in the region's zone, followed by that zone's name. */
export function ZonedTime({ at, region, testId }: { at: string | Date; region: Region; testId?: string }) {
  const zone = useZoneLabel();
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} data-testid={testId}>
      {formatDateTime(date, region)} <span className="text-xs text-base-content/70">{zone(region)}</span>
    </time>
  );
}
