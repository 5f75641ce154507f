import type { FormEvent, ReactNode } from 'react';
import { Icon, type IconName } from '../../../src/client/ui/Icon';

/** The card of a page reached by a one-time link (a rider's invitation, a password reset): icon, title, form. */
export function LinkFormCard({
  testId,
  icon,
  title,
  subtitle,
  onSubmit,
  children,
}: {
  testId: string;
  icon: IconName;
  title: string;
  subtitle: string;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16" data-testid={testId}>
      <div className="card border border-base-300 bg-base-100 shadow-md">
        <form className="card-body gap-5 p-6 sm:p-8" onSubmit={onSubmit} noValidate>
          <div className="flex items-center gap-3">
            <div className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
              <Icon name={icon} className="size-7" />
            </div>
            <div>
              <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
              <p className="text-sm text-base-content/70">{subtitle}</p>
            </div>
          </div>
          {children}
        </form>
      </div>
    </main>
  );
}
