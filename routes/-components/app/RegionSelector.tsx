import { useEffect, useState, useSyncExternalStore } from 'react';
import { onOutboxSettled } from '../../../src/client/outbox';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { Card } from '../../../src/client/ui/Card';
import type { MessageKey } from '../../../src/shared/i18n';
import { REGION_IDS, REGIONS, type RegionId } from '../../../src/shared/regions';
import { setRegion } from './actions';
import { Icon } from '../../../src/client/ui/Icon';
import { Flag } from './Flag';
import { localTimeZone } from '../../../src/shared/intl';
import { parseStoredRegion, REGION_STORAGE_KEY, regionFromTimeZone, serializeRegion } from './region';
import { useRider } from './RiderContext';
import { markRiderState } from './local';

const NAME: Record<RegionId, MessageKey> = { kuwait: 'region.kuwait', uae: 'region.uae' };

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  window.addEventListener('storage', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', l);
  };
};
const readRaw = () => {
  try {
    return localStorage.getItem(REGION_STORAGE_KEY);
  } catch {
    return null;
  }
};
const store = (id: RegionId | null) => {
  try {
    if (id) localStorage.setItem(REGION_STORAGE_KEY, serializeRegion(id));
    else localStorage.removeItem(REGION_STORAGE_KEY);
    markRiderState();
  } catch {
    // storage disabled: the choice still applies for this page
  }
  listeners.forEach((l) => l());
};

/** Spec section 4: a picker preselected by time zone while unselected; a summary with Change once chosen. */
export function RegionSelector() {
  const t = useT();
  const { riderId } = useRider();
  const region = parseStoredRegion(useSyncExternalStore(subscribe, readRaw, () => null));
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<RegionId>(() => region?.id ?? regionFromTimeZone(localTimeZone()));

  // The server refuses a change while the rider still has cash to account for (the outbox shows its
  // reason): the region shown goes back to what it was, now or when a queued change is refused later.
  useEffect(
    () =>
      onOutboxSettled((entry, outcome) => {
        if (outcome.kind === 'dropped' && entry.meta?.kind === 'region') store((entry.meta.previous as RegionId | null | undefined) ?? null);
      }),
    [],
  );

  const confirm = async () => {
    const previous = region?.id ?? null;
    store(choice);
    setEditing(false);
    const outcome = await setRegion(riderId, choice, previous);
    const title = t('app.region.saved', { name: t(NAME[choice]) });
    // The selection applies either way; only the server copy waits.
    if (outcome.kind === 'sent') toast({ title, variant: 'success' });
    else if (outcome.kind === 'queued') toast({ title, description: t('app.region.syncLater') });
  };

  if (region && !editing) {
    return (
      <Card>
        <div className="flex items-center gap-3" data-testid="region-summary">
          <Flag region={region.id} className="h-6 w-12" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-base-content/70">{t('app.region.title')}</p>
            <p className="font-semibold">{t(NAME[region.id])}</p>
            <p className="text-xs text-base-content/70">{t('app.region.details', { currency: region.currency, timezone: region.timezone })}</p>
          </div>
          <button
            type="button"
            className="btn btn-outline h-11"
            onClick={() => {
              setChoice(region.id);
              setEditing(true);
            }}
          >
            {t('app.region.change')}
          </button>
        </div>
      </Card>
    );
  }

  return (
    <Card title={t('app.region.choose')}>
      <div data-testid="region-picker" className="space-y-3">
        <p className="text-sm text-base-content/70">{t('app.region.hint')}</p>
        <div className="grid grid-cols-2 gap-3" role="radiogroup" aria-label={t('app.region.title')}>
          {REGION_IDS.map((id) => {
            const r = REGIONS[id];
            const on = choice === id;
            return (
              <button
                key={id}
                type="button"
                role="radio"
                aria-checked={on}
                onClick={() => setChoice(id)}
                className={`flex min-h-20 flex-col items-start gap-1 rounded-box border-2 p-3 text-start transition ${on ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-100'}`}
                data-testid={`region-option-${id}`}
              >
                <Flag region={id} />
                <span className="font-semibold">{t(NAME[id])}</span>
                <span className="text-xs text-base-content/70">{r.timezone}</span>
              </button>
            );
          })}
        </div>
        <div className="flex gap-2">
          {region ? (
            <button type="button" className="btn btn-ghost h-12 flex-1" onClick={() => setEditing(false)}>
              {t('form.cancel')}
            </button>
          ) : null}
          <button type="button" className="btn btn-primary h-12 flex-1 gap-2" onClick={() => void confirm()} data-testid="region-confirm">
            <Icon name="globe" className="size-5" />
            {t('app.region.confirm')}
          </button>
        </div>
      </div>
    </Card>
  );
}
