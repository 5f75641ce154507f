import type { MessageKey } from '../../shared/i18n';
import { isPortalRestricted, normalizeRole } from '../../shared/permissions';
import { useT } from '../i18n';
import { Badge } from './Badge';

const ROLE_LABEL: Record<'admin' | 'company' | 'rider', MessageKey> = {
  admin: 'role.admin',
  company: 'role.company',
  rider: 'role.rider',
};

export function roleLabelKey(role: string): MessageKey {
  return ROLE_LABEL[normalizeRole(role) ?? 'rider'];
}

/** The role badge and, for restricted roles, 'Portal Restricted'. */
export function RoleBadges({ role }: { role: string }) {
  const t = useT();
  const r = normalizeRole(role) ?? 'rider';
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone="primary" testId="role-badge">
        {t(ROLE_LABEL[r])}
      </Badge>
      {isPortalRestricted(r) ? (
        <Badge tone="warning" testId="restricted-badge">
          {t('role.portalRestricted')}
        </Badge>
      ) : null}
    </span>
  );
}
