import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';

/** An admin's search for the rider to look at on /rider (admin.riderPick: a short list, on-duty first). */
export function RiderPicker({ onPick }: { onPick: (riderId: string) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(id);
  }, [text]);
  const list = useQuery({ ...trpc.admin.riderPick.queryOptions(q ? { q } : undefined), placeholderData: (prev) => prev });
  return (
    <div className="space-y-3" data-testid="rider-picker">
      <label className="input input-lg w-full" htmlFor="rider-search">
        <span className="sr-only">{t('riderDash.pick.search')}</span>
        <input id="rider-search" type="search" placeholder={t('riderDash.pick.search')} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
      </label>
      {list.isPending ? <div className="skeleton h-32 w-full" /> : null}
      {list.data && list.data.length === 0 ? <p className="text-sm text-base-content/70">{t('riderDash.pick.empty')}</p> : null}
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {list.data?.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className="flex w-full items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 p-3 text-start hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => onPick(r.id)}
              data-testid="rider-pick-option"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{r.name}</span>
                <span className="block truncate text-sm text-base-content/70">
                  {r.company} · {r.region}
                </span>
              </span>
              <Badge tone={r.onDuty ? 'success' : 'ghost'}>{t(r.onDuty ? 'riderDash.route.onDuty' : 'riderDash.route.offDuty')}</Badge>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
