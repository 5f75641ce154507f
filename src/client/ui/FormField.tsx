import type { ReactNode } from 'react';

/** A labelled control with its error underneath; the control is passed as children. */
export function FormField({ label, error, children, className = '' }: { label: string; error?: string; children: ReactNode; className?: string }) {
  return (
    <label className={`fieldset py-0 ${className}`}>
      <span className="fieldset-legend pb-1">{label}</span>
      {children}
      {error ? (
        <span className="text-xs text-error" role="alert">
          {error}
        </span>
      ) : null}
    </label>
  );
}
