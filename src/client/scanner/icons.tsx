/** The scanner's own line icons (24×24, currentColor). */
const PATHS = {
  close: 'M6 6l12 12M18 6 6 18',
  flip: 'M4 9a8 8 0 0 1 14.3-3.3L20 8M20 4v4h-4M20 15a8 8 0 0 1-14.3 3.3L4 16M4 20v-4h4',
  torch: 'M8 2h8l-1 6H9L8 2Zm1 6h6l-1.5 4v9h-3v-9L9 8Zm3 6v2',
  retake: 'M4 12a8 8 0 1 0 2.3-5.7L4 8.6M4 4v4.6h4.6',
  check: 'M5 12l5 5L20 7',
  gauge: 'M4 16a8 8 0 1 1 16 0M12 16l4-5M7 16h.01M17 16h.01M12 8v.01',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6m-6 4h6m-6 4h3',
} as const;

export function ScannerIcon({ name, className = 'size-6' }: { name: keyof typeof PATHS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
