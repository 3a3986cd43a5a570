import { type Db, schema } from "../../data/db.ts";
import { recordAudit } from "../audit/record.ts";
import { accountLink, issueAccountToken, LINK_MINUTES } from "../auth/account-tokens.ts";
import { generateToken } from "../auth/tokens.ts";
import { createUser, findUserByEmail } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail } from "../mail/messages.ts";
import type { OrganisationActor } from "./actor.ts";
import { adminOrganisationView, auditFields, requireInstanceAdmin } from "./admin.ts";
import type { AdminOrganisationView, CreateOrganisationRequest } from "./admin-contract.ts";
import { moveUserWithin } from "./move-user.ts";

export const OWNER_NAME_REQUIRED = "The owner has no account yet: give their name to invite them";

export interface CreateOrganisationDeps {
  db: Db;
  baseUrl: string;
  mailer: Mailer | null;
}

export interface CreatedOrganisation {
  organisation: AdminOrganisationView;
  owner: { id: string; email: string; moved: boolean };
  /** Without SMTP, the invited owner's link, shown once; null when mailed or when an existing user was moved in. */
  invitationLink: string | null;
}

/**
 * Creates an organisation with its owner (the instance's administrator only), in one transaction: an existing
 * account is moved in as owner (as move-user does: its records stay with its old organisation, whose last owner
 * cannot leave other members behind), an unknown email is invited as owner (an account with a 7-day invitation link,
 * mailed with SMTP, else answered once). No organisation is ever made without an owner, and none gets welcome
 * credits: the administrator grants credits with add-credits.
 */
export async function createOrganisation(
  deps: CreateOrganisationDeps,
  actor: OrganisationActor,
  input: CreateOrganisationRequest,
): Promise<CreatedOrganisation> {
  const { db } = deps;
  const created = await db.transaction(async (tx) => {
    await requireInstanceAdmin(tx, actor);
    const existing = await findUserByEmail(tx, input.ownerEmail);
    if (!existing && !input.ownerName) throw new AppError(400, OWNER_NAME_REQUIRED);
    const [organisation] = await tx.insert(schema.organisations).values({ name: input.name }).returning({ id: schema.organisations.id });
    let owner: CreatedOrganisation["owner"];
    let token: string | null = null;
    if (existing) {
      await moveUserWithin(tx, actor, existing.id, { organisationId: organisation.id, role: "owner" });
      owner = { id: existing.id, email: existing.email, moved: true };
    } else {
      const user = await createUser(
        tx,
        { email: input.ownerEmail, fullName: input.ownerName!, password: generateToken(32) },
        { createdBy: actor.id ?? undefined, withholdWelcomeCredits: true, membership: { organisationId: organisation.id, role: "owner" } },
      );
      token = (await issueAccountToken(tx, user.id, "invitation", LINK_MINUTES.invitation)).token;
      owner = { id: user.id, email: user.email, moved: false };
    }
    await recordAudit(tx, {
      action: "organisation.created",
      ...auditFields(actor),
      targetType: "organisation",
      targetId: organisation.id,
      details: {
        organisationId: organisation.id,
        name: input.name,
        owner: owner.email,
        ownerMoved: owner.moved,
        mailed: token !== null && deps.mailer !== null,
      },
    });
    return { organisation: await adminOrganisationView(tx, organisation.id), owner, token };
  });
  const { token, ...result } = created;
  if (!token) return { ...result, invitationLink: null };
  const link = accountLink(deps.baseUrl, "invitation", token);
  if (!deps.mailer) return { ...result, invitationLink: link };
  await deps.mailer.send({ to: result.owner.email, ...accountMail("invitation", "en", link, LINK_MINUTES.invitation) });
  return { ...result, invitationLink: null };
}
