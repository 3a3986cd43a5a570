/**
 * What the organisation walks share: the app's routes read from the Hono app itself (as the admin and auditor walks
 * read them, so a new route is walked without anyone adding it), members made straight into an organisation (as an
 * accepted invitation leaves them), and a screening run to its end with the review list's hit on it.
 */
import { expect } from "bun:test";
import { loadInstanceKey } from "../../lib/auth/instance-key.ts";
import { createUser } from "../../lib/auth/users.ts";
import type { OrganisationRole } from "../../lib/organisations/contract.ts";
import { createApp } from "../../server/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import type { TestApp } from "./app.ts";

export const MEMBER_PASSWORD = "member-password-1";

/** Every "METHOD /path" the app serves under /api/, once each. */
export function apiRoutes(app: TestApp): string[] {
  const served = createApp({ database: app.server.database, config: app.config, instanceKey: loadInstanceKey(app.config) });
  return [...new Set(served.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path}`))];
}

/** A member created into the organisation with the role, and a client signed in as them. */
export async function memberOf(app: TestApp, organisationId: string, role: OrganisationRole, email: string) {
  const user = await createUser(app.db, { email, password: MEMBER_PASSWORD, fullName: email.split("@")[0] }, { membership: { organisationId, role } });
  const http = new HttpClient(app.url);
  await http.signIn(email, MEMBER_PASSWORD);
  return { id: user.id, http };
}

/** A search made by the client and waited for until it completed. */
export async function screened(client: HttpClient, searchTerm: string) {
  const created = await client.post("/api/searches", { searchTerm, entityType: "person" });
  expect(created.status).toBe(201);
  const res = await client.get(`/api/searches/${created.json.id}?wait=30`);
  expect(res.json.status).toBe("completed");
  return res.json;
}

/** The review list's listing of Dmitri Orlov among a screening's hits. */
export const orlovHit = (search: any) => search.results.sanctionsList.flatMap((row: any) => row.hits).find((h: any) => h.name === "ORLOV, Dmitri Pavlovich");

export const del = (client: HttpClient, path: string) => client.request("DELETE", path);
