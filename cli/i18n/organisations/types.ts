import type { OrganisationRole } from "../../../lib/organisations/contract.ts";

/** The words of `duecheck orgs`. */
export interface OrganisationCliText {
  columns: { id: string; name: string; members: string; created: string; email: string; role: string; lastLogin: string; twoFactor: string; status: string };
  roles: Record<OrganisationRole, string>;
  none: string;
  noMembers: string;
  suspended: string;
  active: string;
  invited: string;
  never: string;
  on: string;
  off: string;
  invitedMember: (email: string, role: string, organisation: string) => string;
  invitationMailed: (email: string) => string;
  linkOnce: string;
  roleSet: (email: string, role: string) => string;
  noUser: (email: string) => string;
}
