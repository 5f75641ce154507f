import { useEffect, useState } from 'react';
import { serverNow } from '../../../../src/client/server-clock';

/** The server's time now, refreshed every `everyMs` (a countdown's tick). */
export function useServerNow(everyMs = 250): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
