import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { firstControl, markInvalid } from '../forms-aria';

/**
 * A labelled control with its error underneath; the control is passed as children. With an error, the
 * control is marked: aria-invalid and aria-describedby naming the message (whatever component renders it).
 */
export function FormField({ label, error, children, className = '' }: { label: string; error?: string; children: ReactNode; className?: string }) {
  const errorId = useId();
  const ref = useRef<HTMLLabelElement>(null);
  useLayoutEffect(() => (error ? markInvalid(firstControl(ref.current), errorId) : undefined), [error, errorId]);
  return (
    <label ref={ref} className={`fieldset py-0 ${className}`}>
      <span className="fieldset-legend pb-1">{label}</span>
      {children}
      {error ? (
        <span id={errorId} className="text-xs text-error" role="alert" data-field-error>
          {error}
        </span>
      ) : null}
    </label>
  );
}
