import type { InputHTMLAttributes } from 'react';

export function Field({ label, id, hint, ...input }: { label: string; id: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="floating-label block w-full" htmlFor={id}>
      <span>{label}</span>
      <input id={id} className="input input-lg w-full" placeholder={label} {...input} />
      {hint ? <span className="mt-1 block text-xs text-base-content/70">{hint}</span> : null}
    </label>
  );
}
