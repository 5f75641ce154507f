import { useEffect, useState } from 'react';
import { dateLocale, dateTimeFormat } from '../../../src/client/format';

/** The current time, refreshed every `everyMs` (1 s for a clock, 10 s for the performance panel). */
export function useNow(everyMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs, enabled]);
  return now;
}

/** 3725 s → "1:02:05" */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

export const timeOfDay = (ms: number) => dateTimeFormat(dateLocale(), { hour: '2-digit', minute: '2-digit' }).format(ms);
