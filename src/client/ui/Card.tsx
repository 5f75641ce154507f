import type { ReactNode } from 'react';

export function Card({ title, children, className = '', actions }: { title?: ReactNode; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={`card border border-base-300 bg-base-100 shadow-sm ${className}`}>
      <div className="card-body gap-3 p-5">
        {title ? <h2 className="card-title text-base">{title}</h2> : null}
        {children}
        {actions ? <div className="card-actions justify-end">{actions}</div> : null}
      </div>
    </section>
  );
}

export function StatCard({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
      <p className="text-sm text-base-content/70">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="mt-1 text-xs text-base-content/70">{hint}</p> : null}
    </div>
  );
}
