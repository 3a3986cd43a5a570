import type { OrganisationCliText } from "./types.ts";

export const es: OrganisationCliText = {
  columns: {
    id: "ID",
    name: "NOMBRE",
    members: "MIEMBROS",
    created: "CREADA",
    email: "CORREO",
    role: "ROL",
    lastLogin: "ÚLTIMO ACCESO",
    twoFactor: "2FA",
    status: "ESTADO",
  },
  roles: { owner: "propietario", admin: "administrador", analyst: "analista", reviewer: "revisor", auditor: "auditor" },
  none: "No hay organizaciones.",
  noMembers: "No hay miembros.",
  suspended: "suspendida",
  active: "activa",
  invited: "invitado",
  never: "nunca",
  on: "sí",
  off: "no",
  invitedMember: (email, role, organisation) => `${email} invitado como ${role} en ${organisation}.`,
  invitationMailed: (email) => `La invitación se envió a ${email}.`,
  linkOnce: "Entregue este enlace al colega (válido 7 días, se muestra una vez): con él elige su contraseña.",
  roleSet: (email, role) => `${email} es ahora ${role} en la organización.`,
  noUser: (email) => `No hay ningún usuario con el correo ${email}`,
};
