/**
 * Organisations over real HTTP: every user's organisation and role on /api/auth/me, the members list, and who may
 * invite, change roles and remove (owners and admins; owner only by an owner; never the last owner), each
 * organisation sealed from the others, and the invitation link a colleague sets a password with.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { authenticateApiKey } from "../../lib/auth/api-keys.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { HttpClient } from "../../support/http-client.ts";
import { signedIn, startApp, type TestApp } from "../helpers/app.ts";
import { validRegistration } from "../helpers/registration.ts";

const PASSWORD = "member-password-1";
let app: TestApp;
afterAll(() => app.stop());

interface Org {
  id: string;
  clients: Record<OrganisationRole, HttpClient>;
  ids: Record<OrganisationRole, string>;
}

/** A member signed in: created straight into the organisation, as an accepted invitation leaves them. */
async function member(organisationId: string, role: OrganisationRole, email: string) {
  const user = await createUser(app.db, { email, password: PASSWORD, fullName: `${role} member` }, { membership: { organisationId, role } });
  const http = new HttpClient(app.url);
  await http.signIn(email, PASSWORD);
  return { user, http };
}

/** An organisation with one member of each role; its owner signed up as any user does (an organisation of their own). */
async function organisation(tag: string): Promise<Org> {
  const owner = await signedIn(app, { email: `owner.${tag}@example.com`, password: PASSWORD, fullName: `Owner ${tag}` });
  const me = (await owner.get("/api/auth/me")).json;
  const clients = { owner } as Record<OrganisationRole, HttpClient>;
  const ids = { owner: me.id } as Record<OrganisationRole, string>;
  for (const role of ["admin", "analyst", "reviewer", "auditor"] as const) {
    const { user, http } = await member(me.organisation.id, role, `${role}.${tag}@example.com`);
    clients[role] = http;
    ids[role] = user.id;
  }
  return { id: me.organisation.id, clients, ids };
}

const del = (http: HttpClient, path: string) => http.request("DELETE", path);
const auditOf = (action: string, targetId: string) =>
  app.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.targetId, targetId)))
    .orderBy(desc(schema.auditLog.id));

let a: Org;
let b: Org;
beforeAll(async () => {
  app = await startApp();
  a = await organisation("a");
  b = await organisation("b");
});

describe("the organisation of the signed-in user", () => {
  test("/api/auth/me carries the organisation and the user's role in it", async () => {
    for (const role of ["owner", "admin", "analyst", "reviewer", "auditor"] as const) {
      const me = (await a.clients[role].get("/api/auth/me")).json;
      expect(me.organisation).toEqual({ id: a.id, name: "Acme Compliance", role });
    }
  });

  test("registering creates an organisation named after the company, with the registrant its owner", async () => {
    const res = await new HttpClient(app.url).post("/api/auth/register", validRegistration({ company: "Fischer Compliance GmbH" }));
    expect(res.status).toBe(201);
    expect(res.json.user.organisation).toMatchObject({ name: "Fischer Compliance GmbH", role: "owner" });
    expect(res.json.user.organisation.id).not.toBe(a.id);
  });

  test("every member reads the organisation and the member list; another organisation's members are not in it", async () => {
    for (const role of ["owner", "admin", "analyst", "reviewer", "auditor"] as const) {
      const org = await a.clients[role].get("/api/organisation");
      expect(org.status).toBe(200);
      expect(org.json).toMatchObject({ id: a.id, name: "Acme Compliance", role, memberCount: 5 });
      const members = await a.clients[role].get("/api/organisation/members");
      expect(members.status).toBe(200);
      expect(members.json.total).toBe(5);
      expect(new Set(members.json.items.map((m: any) => m.id))).toEqual(new Set(Object.values(a.ids)));
    }
    const [first] = (await a.clients.owner.get("/api/organisation/members?q=analyst.a")).json.items;
    expect(first).toEqual({
      id: a.ids.analyst,
      email: "analyst.a@example.com",
      fullName: "analyst member",
      role: "analyst",
      lastLoginAt: expect.any(String),
      twoFactorEnabled: false,
      invitationPending: false,
      joinedAt: expect.any(String),
      monthlyCreditCap: null,
      spentThisMonth: 0,
    });
    const page = (await a.clients.owner.get("/api/organisation/members?limit=2")).json;
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  test("without a session the routes answer 401", async () => {
    expect((await new HttpClient(app.url).get("/api/organisation")).status).toBe(401);
    expect((await new HttpClient(app.url).get("/api/organisation/members")).status).toBe(401);
  });
});

describe("who manages the members", () => {
  test("an analyst, reviewer or auditor who manages members gets 403, and nothing changes", async () => {
    for (const role of ["analyst", "reviewer", "auditor"] as const) {
      const http = a.clients[role];
      expect((await http.post("/api/organisation/members", { email: `by.${role}@example.com`, fullName: "Nobody", role: "analyst" })).status).toBe(403);
      expect((await http.put(`/api/organisation/members/${a.ids.reviewer}`, { role: "admin" })).status).toBe(403);
      expect((await del(http, `/api/organisation/members/${a.ids.reviewer}`)).status).toBe(403);
    }
    expect((await a.clients.owner.get("/api/organisation")).json.memberCount).toBe(5);
    expect((await a.clients.reviewer.get("/api/auth/me")).json.organisation.role).toBe("reviewer");
  });

  test("an admin changes roles but neither grants, takes away nor invites owner", async () => {
    const admin = a.clients.admin;
    const changed = await admin.put(`/api/organisation/members/${a.ids.reviewer}`, { role: "analyst" });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id: a.ids.reviewer, role: "analyst" });
    expect((await a.clients.reviewer.get("/api/auth/me")).json.organisation.role).toBe("analyst");
    const [audit] = await auditOf("organisation.member_role_changed", a.ids.reviewer);
    expect(audit).toMatchObject({ actorUserId: a.ids.admin, details: { organisationId: a.id, before: { role: "reviewer" }, after: { role: "analyst" } } });
    expect((await admin.put(`/api/organisation/members/${a.ids.reviewer}`, { role: "reviewer" })).status).toBe(200);

    expect((await admin.put(`/api/organisation/members/${a.ids.analyst}`, { role: "owner" })).status).toBe(403);
    expect((await admin.post("/api/organisation/members", { email: "new.owner@example.com", fullName: "New Owner", role: "owner" })).status).toBe(403);
  });

  test("another organisation's member is 404 on every member route, both ways", async () => {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const role of ["owner", "admin"] as const) {
        const http = from.clients[role];
        for (const target of Object.values(to.ids)) {
          expect((await http.put(`/api/organisation/members/${target}`, { role: "analyst" })).status).toBe(404);
          expect((await del(http, `/api/organisation/members/${target}`)).status).toBe(404);
        }
      }
    }
    expect((await a.clients.owner.put("/api/organisation/members/not-a-uuid", { role: "analyst" })).status).toBe(404);
    expect((await del(a.clients.owner, "/api/organisation/members/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await b.clients.analyst.get("/api/auth/me")).json.organisation.role).toBe("analyst");
  });

  test("a role outside the five is 400 with the roles named", async () => {
    const invite = await a.clients.owner.post("/api/organisation/members", { email: "bad.role@example.com", fullName: "Bad Role", role: "superuser" });
    expect(invite.status).toBe(400);
    expect(invite.json.error ?? invite.json.message ?? invite.text).toContain("owner, admin, analyst, reviewer, auditor");
    expect((await a.clients.owner.put(`/api/organisation/members/${a.ids.analyst}`, { role: "user" })).status).toBe(400);
    expect((await a.clients.owner.post("/api/organisation/members", { email: "no-role@example.com", fullName: "No Role" })).status).toBe(400);
  });

  test("inviting an email that already has an account is 409, whichever organisation it is in", async () => {
    for (const email of ["analyst.a@example.com", "OWNER.B@example.com", "admin@test.local"]) {
      const res = await a.clients.admin.post("/api/organisation/members", { email, fullName: "Taken", role: "analyst" });
      expect(res.status).toBe(409);
      expect(res.text).toContain("already exists");
    }
  });
});

describe("invitations", () => {
  test("invite, set the password with the link, sign in: /api/auth/me shows the organisation and role", async () => {
    const res = await a.clients.admin.post("/api/organisation/members", { email: "Colleague@Example.com", fullName: "Col League", role: "reviewer" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email: "colleague@example.com", fullName: "Col League", role: "reviewer", invitationPending: true, lastLoginAt: null });
    expect(res.json.invitationLink).toStartWith(`${app.url}/reset-password?token=`);
    const [audit] = await auditOf("organisation.member_invited", res.json.id);
    expect(audit).toMatchObject({ actorUserId: a.ids.admin, details: { organisationId: a.id, role: "reviewer", mailed: false } });
    const listed = (await a.clients.owner.get("/api/organisation/members?q=colleague")).json.items;
    expect(listed).toEqual([expect.objectContaining({ id: res.json.id, invitationPending: true })]);
    expect(listed[0].invitationLink).toBeUndefined();

    const token = new URL(res.json.invitationLink).searchParams.get("token")!;
    expect((await new HttpClient(app.url).post("/api/auth/reset-password", { token, password: "colleague-password-1" })).status).toBe(200);
    const colleague = new HttpClient(app.url);
    await colleague.signIn("colleague@example.com", "colleague-password-1");
    expect((await colleague.get("/api/auth/me")).json.organisation).toEqual({ id: a.id, name: "Acme Compliance", role: "reviewer" });
    expect((await colleague.get("/api/organisation")).json).toMatchObject({ id: a.id, role: "reviewer", memberCount: 6 });
    expect((await a.clients.owner.get("/api/organisation/members?q=colleague")).json.items[0].invitationPending).toBe(false);
  });

  test("an owner invites an owner", async () => {
    const res = await a.clients.owner.post("/api/organisation/members", { email: "co.owner.a@example.com", fullName: "Co Owner", role: "owner" });
    expect(res.status).toBe(201);
    expect(res.json.role).toBe("owner");
  });
});

describe("the last owner and removal", () => {
  test("the last owner can be neither demoted nor removed (409); with a second owner they can", async () => {
    const c = await organisation("c");
    expect((await c.clients.owner.put(`/api/organisation/members/${c.ids.owner}`, { role: "admin" })).status).toBe(409);
    expect((await del(c.clients.owner, `/api/organisation/members/${c.ids.owner}`)).status).toBe(409);
    expect((await c.clients.admin.put(`/api/organisation/members/${c.ids.owner}`, { role: "analyst" })).status).toBe(409);
    expect((await del(c.clients.admin, `/api/organisation/members/${c.ids.owner}`)).status).toBe(409);

    expect((await c.clients.owner.put(`/api/organisation/members/${c.ids.admin}`, { role: "owner" })).status).toBe(200);
    // Two owners now: an admin still may not take owner away, an owner may.
    expect((await c.clients.owner.put(`/api/organisation/members/${c.ids.owner}`, { role: "admin" })).status).toBe(200);
    expect((await c.clients.admin.put(`/api/organisation/members/${c.ids.admin}`, { role: "analyst" })).status).toBe(409);
  });

  test("a removed member cannot sign in, their session and API keys stop, they leave the list, and their account stays", async () => {
    const { user, http } = await member(b.id, "analyst", "leaving.b@example.com");
    const key = (await http.post("/api/user/api-keys", { name: "CI" })).json.key;
    await authenticateApiKey(app.db, `Bearer ${key}`);

    const res = await del(b.clients.admin, `/api/organisation/members/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await http.get("/api/auth/me")).status).toBe(401);
    const again = await new HttpClient(app.url).post("/api/auth/login", { email: "leaving.b@example.com", password: PASSWORD });
    expect(again.status).toBe(403);
    await expect(authenticateApiKey(app.db, `Bearer ${key}`)).rejects.toMatchObject({ status: 401 });
    expect((await b.clients.owner.get("/api/organisation/members?q=leaving")).json.items).toEqual([]);
    expect((await del(b.clients.admin, `/api/organisation/members/${user.id}`)).status).toBe(404);
    const [row] = await app.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ organisationId: b.id, isActive: false, removedFromOrganisationAt: expect.any(Date) });
    const [audit] = await auditOf("organisation.member_removed", user.id);
    expect(audit).toMatchObject({ actorUserId: b.ids.admin, details: { organisationId: b.id, role: "analyst" } });
  });
});
