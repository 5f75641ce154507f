import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code as crisp SVG squares. `uqr` (unjs, no dependencies, ~10 kB) only encodes; we draw the
 * modules ourselves, so no HTML string is injected. A 4-module quiet zone keeps phone cameras happy.
 */
export function QrCode({ text, size = 208, label, testId }: { text: string; size?: number; label: string; testId?: string }) {
  const { n, d } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    let path = '';
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x} ${y}h1v1h-1z`)));
    return { n: qr.size, d: path };
  }, [text]);
  return (
    <svg viewBox={`0 0 ${n} ${n}`} width={size} height={size} role="img" aria-label={label} shapeRendering="crispEdges" className="rounded-box bg-white" data-testid={testId} data-qr={text}>
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
