import type { Db } from "../../data/db.ts";
import { actorFields, recordAudit } from "../audit/record.ts";
import { accountLink, issueAccountToken, LINK_MINUTES } from "../auth/account-tokens.ts";
import { generateToken } from "../auth/tokens.ts";
import { createUser, findUserByEmail } from "../auth/users.ts";
import { AppError } from "../errors.ts";
import type { Mailer } from "../mail/mailer.ts";
import { accountMail } from "../mail/messages.ts";
import { auditActorOf, type OrganisationActor, requireManager, requireOwnerPower, scopeOf } from "./actor.ts";
import type { InvitedMemberView, InviteMemberRequest } from "./contract.ts";
import { findMember, memberView } from "./member-view.ts";

/** What an invitation needs besides the database: where its link points, and the mail (null: the link is answered). */
export interface InviteDeps {
  db: Db;
  baseUrl: string;
  mailer: Mailer | null;
}

export const EXISTING_ACCOUNT_MESSAGE = "An account with this email already exists: a user belongs to one organisation only";

/**
 * Invites a colleague into the actor's organisation (or, for the instance's administrator, the one named), as admin
 * invitations do: an account with an unguessable password nobody knows and a 7-day link with which the colleague
 * chooses theirs, mailed with SMTP, else answered once. Owners and admins invite; only an owner invites an owner.
 * The invited account gets no welcome credits: an invitation must not mint credits, and the organisation's shared
 * credits are a later step.
 */
export async function inviteMember(
  deps: InviteDeps,
  actor: OrganisationActor,
  input: InviteMemberRequest,
  options: { organisationId?: string } = {},
): Promise<InvitedMemberView> {
  const { db } = deps;
  const { member, token } = await db.transaction(async (tx) => {
    const scope = await scopeOf(tx, actor, options.organisationId);
    requireManager(scope);
    if (input.role === "owner") requireOwnerPower(scope);
    if (await findUserByEmail(tx, input.email)) throw new AppError(409, EXISTING_ACCOUNT_MESSAGE);
    const user = await createUser(
      tx,
      { email: input.email, fullName: input.fullName, password: generateToken(32) },
      { createdBy: actor.id ?? undefined, withholdWelcomeCredits: true, membership: { organisationId: scope.organisationId, role: input.role } },
    );
    const { token } = await issueAccountToken(tx, user.id, "invitation", LINK_MINUTES.invitation);
    await recordAudit(tx, {
      action: "organisation.member_invited",
      ...actorFields(auditActorOf(actor)),
      targetType: "user",
      targetId: user.id,
      details: { organisationId: scope.organisationId, email: user.email, role: input.role, mailed: deps.mailer !== null },
    });
    return { member: memberView(await findMember(tx, scope.organisationId, user.id)), token };
  });
  const link = accountLink(deps.baseUrl, "invitation", token);
  if (!deps.mailer) return { ...member, invitationLink: link };
  await deps.mailer.send({ to: member.email, ...accountMail("invitation", "en", link, LINK_MINUTES.invitation) });
  return member;
}
