import type { OrganisationCliText } from "./types.ts";

export const en: OrganisationCliText = {
  columns: {
    id: "ID",
    name: "NAME",
    members: "MEMBERS",
    created: "CREATED",
    email: "EMAIL",
    role: "ROLE",
    lastLogin: "LAST LOGIN",
    twoFactor: "2FA",
    status: "STATUS",
  },
  roles: { owner: "owner", admin: "admin", analyst: "analyst", reviewer: "reviewer", auditor: "auditor" },
  none: "No organisations.",
  noMembers: "No members.",
  suspended: "suspended",
  active: "active",
  invited: "invited",
  never: "never",
  on: "on",
  off: "off",
  invitedMember: (email, role, organisation) => `Invited ${email} as ${role} into ${organisation}.`,
  invitationMailed: (email) => `The invitation was mailed to ${email}.`,
  linkOnce: "Hand this link to the colleague (valid 7 days, shown once): they choose their password with it.",
  roleSet: (email, role) => `${email} is now ${role} in the organisation.`,
  noUser: (email) => `No user with the email ${email}`,
};
