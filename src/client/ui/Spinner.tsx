export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <span className="loading loading-spinner loading-lg text-primary" />
      <p className="text-base-content/70">{label}</p>
    </div>
  );
}
