import type { OrganisationCliText } from "./types.ts";

export const fr: OrganisationCliText = {
  columns: {
    id: "ID",
    name: "NOM",
    members: "MEMBRES",
    created: "CRÉÉE",
    email: "E-MAIL",
    role: "RÔLE",
    lastLogin: "DERNIÈRE CONNEXION",
    twoFactor: "2FA",
    status: "STATUT",
  },
  roles: { owner: "propriétaire", admin: "administrateur", analyst: "analyste", reviewer: "réviseur", auditor: "auditeur" },
  none: "Aucune organisation.",
  noMembers: "Aucun membre.",
  suspended: "suspendue",
  active: "active",
  invited: "invité",
  never: "jamais",
  on: "oui",
  off: "non",
  invitedMember: (email, role, organisation) => `${email} invité comme ${role} dans ${organisation}.`,
  invitationMailed: (email) => `L'invitation a été envoyée à ${email}.`,
  linkOnce: "Transmettez ce lien au collègue (valable 7 jours, affiché une seule fois) : il y choisit son mot de passe.",
  roleSet: (email, role) => `${email} est maintenant ${role} dans l'organisation.`,
  noUser: (email) => `Aucun utilisateur avec l'e-mail ${email}`,
};
