/**
 * lib/organisations beside HTTP: a mailed invitation (no link answered), the welcome credits an invitation does not
 * grant, and the instance's administrator acting on an organisation that is not theirs.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type Database, schema } from "../../data/db.ts";
import { createUser, findUserByEmail } from "../../lib/auth/users.ts";
import type { Mail } from "../../lib/mail/mailer.ts";
import { inviteMember } from "../../lib/organisations/invite.ts";
import { changeMemberRole } from "../../lib/organisations/manage.ts";
import { listMembers } from "../../lib/organisations/members.ts";
import { listOrganisations } from "../../lib/organisations/organisation.ts";
import { balanceOf, balanceOfEmail } from "../helpers/credits.ts";
import { openTestDatabase } from "../helpers/database.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sent: Mail[] = [];
const mailer = { send: async (mail: Mail) => void sent.push(mail) };

test("with SMTP the invitation is mailed and no link is answered; the invited member gets no welcome credits", async () => {
  const { db } = database;
  const owner = await createUser(db, { email: "owner@example.com", password: "password-1", fullName: "Olga Owner", company: "Owner & Co" });
  const invited = await inviteMember(
    { db, baseUrl: "https://duecheck.example", mailer },
    { kind: "user", id: owner.id },
    { email: "mia@example.com", fullName: "Mia Member", role: "analyst" },
  );
  expect(invited).toMatchObject({ email: "mia@example.com", role: "analyst", invitationPending: true });
  expect(invited.invitationLink).toBeUndefined();
  expect(sent).toHaveLength(1);
  expect(sent[0].to).toBe("mia@example.com");
  expect(sent[0].text).toContain("https://duecheck.example/reset-password?token=");
  const page = await listMembers(db, { kind: "user", id: owner.id }, { limit: 10 });
  expect(page.items.map((m) => m.email)).toEqual(["mia@example.com", "owner@example.com"]);
  // The invited member adds no welcome credits to the organisation's pool: it holds the owner's alone.
  expect(await balanceOfEmail(db, "mia@example.com")).toBe(await balanceOf(db, owner.id));
  const mia = (await findUserByEmail(db, "mia@example.com"))!;
  expect(await db.select().from(schema.creditTransactions).where(eq(schema.creditTransactions.userId, mia.id))).toEqual([]);
});

test("an instance admin acts on any organisation; a user of another organisation finds it does not exist", async () => {
  const { db } = database;
  const admin = await createUser(db, { email: "root@example.com", password: "password-1", fullName: "Root", role: "admin" });
  const outsider = await createUser(db, { email: "out@example.com", password: "password-1", fullName: "Out Sider" });
  const organisations = await listOrganisations(db, { kind: "user", id: admin.id });
  const owners = organisations.find((o) => o.name === "Owner & Co")!;
  expect(owners.members).toBe(2);
  const mia = (await listMembers(db, { kind: "user", id: admin.id }, { limit: 10, organisationId: owners.id })).items.find(
    (m) => m.email === "mia@example.com",
  )!;
  expect((await changeMemberRole(db, { kind: "user", id: admin.id }, mia.id, "owner", { organisationId: owners.id })).role).toBe("owner");
  await expect(listMembers(db, { kind: "user", id: outsider.id }, { limit: 10, organisationId: owners.id })).rejects.toMatchObject({ status: 404 });
  await expect(listOrganisations(db, { kind: "user", id: outsider.id })).rejects.toMatchObject({ status: 403 });
});
