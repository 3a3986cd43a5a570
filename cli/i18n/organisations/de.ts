import type { OrganisationCliText } from "./types.ts";

export const de: OrganisationCliText = {
  columns: {
    id: "ID",
    name: "NAME",
    members: "MITGLIEDER",
    created: "ERSTELLT",
    email: "E-MAIL",
    role: "ROLLE",
    lastLogin: "LETZTE ANMELDUNG",
    twoFactor: "2FA",
    status: "STATUS",
  },
  roles: { owner: "Inhaber", admin: "Administrator", analyst: "Analyst", reviewer: "Prüfer", auditor: "Auditor" },
  none: "Keine Organisationen.",
  noMembers: "Keine Mitglieder.",
  suspended: "gesperrt",
  active: "aktiv",
  invited: "eingeladen",
  never: "nie",
  on: "an",
  off: "aus",
  invitedMember: (email, role, organisation) => `${email} als ${role} in ${organisation} eingeladen.`,
  invitationMailed: (email) => `Die Einladung wurde an ${email} gesendet.`,
  linkOnce: "Geben Sie diesen Link weiter (7 Tage gültig, nur einmal angezeigt): damit wählt die Person ihr Passwort.",
  roleSet: (email, role) => `${email} ist jetzt ${role} in der Organisation.`,
  noUser: (email) => `Kein Benutzer mit der E-Mail ${email}`,
};
