import type { Role } from '../../../shared/permissions';
import type { SessionUser } from '../../../shared/schemas/auth';

/**
 * Who an assistant, an analysis or an MCP call acts for. Built on the server from the session or
 * the API token, never from what a client says: a company sees only its own company, a rider only
 * itself, an admin everything.
 */
export interface AiScope {
  userId: string;
  role: Role;
  /** The company a company manager runs (or a rider works for); null for an admin. */
  companyId: string | null;
  /** The rider record of a rider; null otherwise. */
  riderId: string | null;
  displayName: string;
  companyName: string | null;
}

export function scopeOf(user: SessionUser, riderCompanyId: string | null = null): AiScope {
  return {
    userId: user.id,
    role: user.role,
    companyId: user.role === 'company' ? user.roleData.id : user.role === 'rider' ? riderCompanyId : null,
    riderId: user.role === 'rider' ? user.roleData.id : null,
    displayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    companyName: user.companyName,
  };
}
