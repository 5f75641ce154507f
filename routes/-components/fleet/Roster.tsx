import { relativeTime } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { DOT_CLASS, markerState, type FleetRider } from './markers';

/** The riders beside the map: state, last sighting; a tap shows that rider's day on the map. */
export function Roster({ riders, now, selected, onSelect, showCompany }: { riders: readonly FleetRider[]; now: number; selected: string | null; onSelect: (id: string) => void; showCompany: boolean }) {
  const t = useT();
  if (riders.length === 0) return <p className="p-3 text-sm text-base-content/70">{t('fleet.empty')}</p>;
  // Riders you can see on the map first (live before stale), then those with no position yet.
  const rank = (r: FleetRider) => (r.lat === null ? 3 : { onDuty: 0, offDuty: 1, stale: 2 }[markerState(r, now)]);
  const sorted = [...riders].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return (
    <ul className="max-h-80 divide-y divide-base-300 overflow-y-auto sm:max-h-[28rem]" data-testid="fleet-roster">
      {sorted.map((r) => {
        const state = markerState(r, now);
        const placed = r.lat !== null && r.lng !== null;
        return (
          <li key={r.id}>
            <button
              type="button"
              className={`flex w-full items-start gap-3 px-3 py-2.5 text-start hover:bg-base-200 disabled:cursor-default disabled:hover:bg-transparent ${selected === r.id ? 'bg-primary/10' : ''}`}
              onClick={() => onSelect(r.id)}
              disabled={!placed}
              aria-pressed={selected === r.id}
              data-testid="fleet-rider"
              data-state={state}
            >
              <span className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT_CLASS[state]}`} aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{r.name}</span>
                <span className="block truncate text-xs text-base-content/70">
                  {showCompany ? `${r.company} · ` : ''}
                  {t(`fleet.state.${state}`)}
                  {' · '}
                  {placed ? t('fleet.lastSeen', { when: relativeTime(r.lastSeenAt, now) ?? '' }) : t('fleet.noPosition')}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
