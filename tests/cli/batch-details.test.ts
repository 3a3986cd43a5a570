/**
 * `duecheck batch run` with a customer file's own column names (Date of birth, Nationality, Customer reference, a
 * passport column) as a separate process: the unknown columns are named before anything is charged, the rows are
 * screened with their details, and `batch show` prints the reference and the details back; a bad value names its line.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importReviewList } from "../fixtures/review-list.ts";
import { keepOnlyDatasets } from "../fixtures/screening.ts";
import { createUser, startApp, type TestApp } from "../helpers/app.ts";
import { runCli } from "../helpers/cli.ts";
import { balanceOfEmail } from "../helpers/credits.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

const folder = mkdtempSync(join(tmpdir(), "dc-batch-details-"));
const USER = ["--user", "analyst@example.com"];

function csvFile(name: string, content: string) {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

let app: TestApp;
let env: Record<string, string>;
let restoreEnv: () => void = () => {};

beforeAll(async () => {
  restoreEnv = setEnv({ ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" });
  app = await startApp();
  await keepOnlyDatasets(app.db, ["us_ofac_sdn"]);
  await importReviewList(app.db);
  await createUser(app.db, { email: "analyst@example.com", password: "analyst-password", credits: 1000 });
  env = { ...app.env, ...SCREENING_TEST_ENV, DUECHECK_NEWS_TIMEOUT_MS: "1000" };
});
afterAll(async () => {
  await app.stop();
  restoreEnv();
});

describe("duecheck batch with details", () => {
  test("run names the unknown columns and screens each row with its details; show prints them back", async () => {
    const file = csvFile(
      "customers.csv",
      "Name;Type;Date of birth;Nationality;Passport;Customer reference;Segment\r\nDmitri Orlov;person;1975;de;FA1234567;CUST-0001;retail\r\nSeafarer Maritime Ltd;company;;;;CUST-0002;shipping\r\n",
    );
    const res = await runCli(["batch", "run", file, ...USER, "--name", "Customers"], env);
    expect(res.stderr).toBe("Columns not read (unknown names): Segment\n");
    expect(res.code).toBe(0);
    const id = /Batch ([0-9a-f-]{36}) for analyst@example\.com: 2 entities/.exec(res.stdout)?.[1];
    expect(id).toBeDefined();
    expect(res.stdout).toContain(`Batch "Customers" (${id}): completed`);

    const shown = await runCli(["batch", "show", id!, ...USER], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/TERM\s+CUSTOMER REF\s+DETAILS\s+TYPE\s+STATUS/);
    expect(shown.stdout).toMatch(/Dmitri Orlov\s+CUST-0001\s+1975 · DE · passport:FA1234567\s+Person\s+completed/);
    expect(shown.stdout).toMatch(/Seafarer Maritime Ltd\s+CUST-0002\s+-\s+Company\s+completed/);

    const json = JSON.parse((await runCli(["batch", "show", id!, ...USER, "--json"], env)).stdout);
    expect(json.results.items[0]).toMatchObject({
      searchTerm: "Dmitri Orlov",
      customerRef: "CUST-0001",
      birthDate: "1975",
      nationality: "DE",
      identifiers: [{ kind: "passport", value: "FA1234567" }],
      // Listed born 1961: with 1975 the name is a near miss, not a match.
      sanctionsMatches: 0,
    });
  });

  test("a bad birth date is refused naming its line; nothing is charged", async () => {
    const before = await balanceOfEmail(app.db, "analyst@example.com");
    const file = csvFile("bad.csv", "name,dob,customer_ref\nGood Row,1961,A-1\nBad Row,31/12/1961,A-2\n");
    const res = await runCli(["batch", "run", file, ...USER], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`${file} was refused, nothing was charged: Line 3: Birth date must be a year (1956) or a date (1956-03-04)`);
    expect(await balanceOfEmail(app.db, "analyst@example.com")).toBe(before);
  });
});
