import type { ReactNode } from 'react';

/** Full class names, so Tailwind's scanner sees them. */
const TONES = {
  primary: 'badge-primary',
  secondary: 'badge-secondary',
  accent: 'badge-accent',
  success: 'badge-success',
  warning: 'badge-warning',
  error: 'badge-error',
  neutral: 'badge-neutral',
  ghost: 'badge-ghost',
} as const;

export function Badge({ tone = 'neutral', children, testId }: { tone?: keyof typeof TONES; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`badge badge-soft ${TONES[tone]} gap-1.5 whitespace-nowrap font-medium`}>
      {children}
    </span>
  );
}
