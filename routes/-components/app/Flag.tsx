import type { RegionId } from '../../../src/shared/regions';

/** The two flags drawn, not emoji: many Android and desktop fonts have no flag glyphs. */
export function Flag({ region, className = 'h-5 w-10' }: { region: RegionId; className?: string }) {
  return (
    <svg viewBox="0 0 30 15" className={`${className} shrink-0 rounded-sm ring-1 ring-base-content/15`} aria-hidden="true">
      {region === 'kuwait' ? (
        <>
          <rect width="30" height="5" fill="#007a3d" />
          <rect y="5" width="30" height="5" fill="#fff" />
          <rect y="10" width="30" height="5" fill="#ce1126" />
          <path d="M0 0 7.5 5v5L0 15Z" fill="#000" />
        </>
      ) : (
        <>
          <rect width="30" height="5" fill="#00732f" />
          <rect y="5" width="30" height="5" fill="#fff" />
          <rect y="10" width="30" height="5" fill="#000" />
          <rect width="7.5" height="15" fill="#ff0000" />
        </>
      )}
    </svg>
  );
}
