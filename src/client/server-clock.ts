/**
 * The server's clock as the browser sees it: a phone's clock may be minutes off, and an offer's countdown
 * (issue 25) runs to the server's expiresAt. Every API answer carries an HTTP Date header (whole seconds, and the
 * server refreshes it about once a second, later under load): its middle of the second, against the middle of the
 * round trip, gives the offset. Offsets within that noise are not corrected, so a clock that is close is trusted as it is.
 */
const NOISE_MS = 3_000;
let offsetMs = 0;

/** Learns the offset from one answer's Date header, sent and received at the browser's times. */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const server = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(server) || receivedAt < sentAt) return;
  const offset = server + 500 - (sentAt + receivedAt) / 2;
  offsetMs = Math.abs(offset) < NOISE_MS ? 0 : Math.round(offset);
}

/**
 * Asks the server for its time (an answer's Date header; any API path, not cached by the service worker). The offer
 * screen calls it when an offer comes up, so the rest of the app never carries this.
 */
export async function syncServerClock(path = '/api/trpc/rider.offerState'): Promise<void> {
  const sentAt = Date.now();
  try {
    const res = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
    noteServerDate(res.headers.get('date'), sentAt, Date.now());
  } catch {
    // Offline: the phone's own clock until the next offer.
  }
}

/** The server's time now, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
