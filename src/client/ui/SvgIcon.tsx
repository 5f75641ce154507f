/** One line icon (24x24, currentColor) from its path; `mirrored` flips it in right-to-left layouts (icons that point a way). */
export function SvgIcon({ d, className = 'size-5', mirrored = false }: { d: string; className?: string; mirrored?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={mirrored ? `${className} rtl:-scale-x-100` : className} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
