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
  capSet: (email: string, cap: number) => string;
  capLifted: (email: string) => string;
  capInvalid: (value: string) => string;
  settings: (membersSeeTeam: string, fourEyes: string, requireTwoFactor: string, retentionYears: string, country: string) => string;
  /** A number of years kept. */
  years: (n: number) => string;
  settingInvalid: (option: string, value: string, allowed: string) => string;
  instance: string;
  /** The instance administrator's commands: create, add-credits, suspend, unsuspend, move-user. */
  admin: {
    created: (organisation: string, id: string) => string;
    ownerMoved: (email: string) => string;
    ownerInvited: (email: string) => string;
    amountInvalid: (amount: string) => string;
    creditsAdded: (amount: number, organisation: string, balance: number) => string;
    suspended: (organisation: string) => string;
    unsuspended: (organisation: string) => string;
    moved: (email: string, organisation: string, role: string) => string;
  };
}
