import type { ReactNode } from 'react';
import { RoleBadges } from '../ui/RoleBadges';

/** A portal's own header: title, role badge (+ Portal Restricted), extra badges and actions. */
export function PageHeader({ title, role, badges, actions, subtitle }: { title: string; role: string; badges?: ReactNode; actions?: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-b border-base-300 pb-4 sm:flex-row sm:items-end sm:justify-between" data-testid="portal-header">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {subtitle ? <p className="text-base-content/70">{subtitle}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          <RoleBadges role={role} />
          {badges}
        </div>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
