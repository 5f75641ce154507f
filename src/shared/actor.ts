import type { Role } from './permissions';

/**
 * Who asks: built once per request by the server (src/server/services/access: actorOf, actorFor) from the
 * session or the API token, never from what a client says, and passed to every service that scopes data.
 * Here in shared so the permissions table's `can` and the client can name it without importing server code.
 */
export interface Actor {
  userId: string;
  role: Role;
  /** The company a manager runs, or the company a rider works for; null for an admin. */
  companyId: string | null;
  /** The rider record of a rider; null otherwise. */
  riderId: string | null;
  /** The language the account reads ('en' until the user switches). */
  locale: 'en' | 'ar';
  /** The person's name as the assistants greet them (the email when no name is stored). */
  displayName: string;
  /** The manager's or the rider's company name; null for an admin. */
  companyName: string | null;
}
