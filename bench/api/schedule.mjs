/**
 * Open-loop sending for the load generators (open-loop.mjs, ../soak/mixed-load.mjs): request i leaves at
 * t0 + i × interval whatever the server does; `onWindow(now)` runs every `windowMs`. Resolves once every request
 * has been sent (not answered: see `until`).
 */
export function sendOnSchedule({ t0, total, interval, windowMs, fire, onWindow }) {
  let sent = 0;
  return new Promise((resolve) => {
    let nextWindow = t0 + windowMs;
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - t0) / interval) + 1);
      while (sent < due) {
        fire(sent, t0 + sent * interval);
        sent++;
      }
      if (now >= nextWindow) {
        onWindow(now);
        nextWindow += windowMs;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
}

/** Resolves once `done()` is true, looking every 5 ms. */
export const until = (done) =>
  new Promise((resolve) => {
    const wait = () => (done() ? resolve() : setTimeout(wait, 5));
    wait();
  });
