import type { InputHTMLAttributes } from 'react';

/**
 * A floating-label input. With an error, the message shows under it and the input is marked: aria-invalid and
 * aria-describedby naming the message (besides any hint it was already described by).
 */
export function Field({
  label,
  id,
  hint,
  error,
  errorTestId,
  ...input
}: { label: string; id: string; hint?: string; error?: string | null; errorTestId?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  const describedBy = [input['aria-describedby'], error ? errorId : null].filter(Boolean).join(' ') || undefined;
  // The messages sit outside the label: daisyUI floats every span directly inside a .floating-label.
  return (
    <div className="w-full">
      <label className="floating-label block w-full" htmlFor={id}>
        <span>{label}</span>
        <input id={id} className="input input-lg w-full" placeholder={label} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      </label>
      {hint ? <p className="mt-1 text-xs text-base-content/70">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert" data-field-error data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
