import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { schema } from "../../data/db.ts";
import { cliOperator } from "../../lib/audit/record.ts";
import { updateSystemSettings } from "../../lib/settings/system-settings.ts";
import { ListServer } from "../../support/list-server.ts";
import { sdnFiles } from "../../support/ofac-sdn.ts";
import { startApp, type TestApp } from "../helpers/app.ts";
import { auditEntries } from "../helpers/audit.ts";
import { runCli } from "../helpers/cli.ts";
import { SCREENING_TEST_ENV, setEnv } from "../helpers/env.ts";

// The dataset and search commands on the database of a running server (on PGlite through its socket).
// No news providers or model: `duecheck search` below screens against the lists only.
const ENV = { ...SCREENING_TEST_ENV, DUECHECK_NEWS_PROVIDERS: "none" };
let restoreEnv: () => void = () => {};
const FIXTURES = join(import.meta.dir, "..", "fixtures", "sanctions");
const SDN = ["sdn.csv", "alt.csv", "add.csv", "sdn_comments.csv"];

let app: TestApp;
let list: ListServer;
let folder: string;
let env: Record<string, string>;

beforeAll(async () => {
  restoreEnv = setEnv(ENV);
  app = await startApp();
  // The list publisher stand-in is on 127.0.0.1: private networks are allowed for this test's downloads.
  await updateSystemSettings(app.db, { webhooksAllowPrivateNetworks: true });
  env = { ...app.env, ...ENV, DUECHECK_DOWNLOAD_TIMEOUT_MS: "2000" };
  list = await ListServer.start();
  for (const [name, content] of Object.entries(sdnFiles())) list.publish(`/sdn/${name}`, content);
  folder = mkdtempSync(join(tmpdir(), "dc-cli-"));
});
afterAll(async () => {
  await list.stop();
  await app.stop();
  rmSync(folder, { recursive: true, force: true });
  restoreEnv();
});

const cli = (...args: string[]) => runCli(args, env);

describe("duecheck datasets", () => {
  test("list shows every dataset as a table and as JSON", async () => {
    const table = await cli("datasets", "list");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/ID\s+ENABLED\s+TYPE\s+FORMAT\s+AUTO\s+STATUS/);
    expect(table.stdout).toMatch(/us_congress_peps\s+yes\s+pep\s+opensanctions_senzing\s+every 6h\s+never downloaded/);
    const json = JSON.parse((await cli("datasets", "list", "--json")).stdout);
    expect(json.map((d: { id: string }) => d.id)).toEqual([
      "us_ofac_sdn",
      "us_ofac_cons",
      "un_sc_sanctions",
      "eu_fsf",
      "gb_fcdo_sanctions",
      "us_congress_peps",
    ]);
    expect(json[2]).toMatchObject({ source_name: "UN Security Council Consolidated List", last_download_status: null, recent_versions: [] });
  });

  test("sanctions search before any download fails with a clear message", async () => {
    const res = await cli("sanctions", "search", "Rustam Karimov");
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe("duecheck: No sanctions data has been downloaded yet");
    // Which lists, and why: the same notice the search forms show.
    expect(res.stdout).toStartWith("No sanctions data has been downloaded yet (never downloaded: OFAC Specially Designated Nationals (SDN) List, ");
    expect(res.stdout).toContain("Searches cannot check these lists until they are downloaded (duecheck datasets download --all).");
    const de = await cli("sanctions", "search", "Rustam Karimov", "--language", "de");
    expect([de.code, de.stderr.trim()]).toEqual([1, "duecheck: Es wurden noch keine Sanktionsdaten heruntergeladen"]);
    const peps = await cli("sanctions", "search", "Scott Franklin", "--dataset", "peps", "--language", "fr");
    expect([peps.code, peps.stderr.trim()]).toEqual([1, "duecheck: Aucune donnée PEP n’a encore été téléchargée"]);
  });

  test("set-url points a dataset at a mirror, keeping file names by position or taking NAME=URL", async () => {
    const urlsOf = async (id: string) => JSON.parse((await cli("datasets", "list", "--json")).stdout).find((d: { id: string }) => d.id === id).urls;
    const [sdnBefore, consBefore] = [await urlsOf("us_ofac_sdn"), await urlsOf("us_ofac_cons")];
    const res = await cli(
      "datasets",
      "set-url",
      "us_ofac_sdn",
      ...SDN.map((n, i) => (i === 0 ? `sdn.csv=${list.url}/sdn/${n}` : `${list.url}/sdn/${n}`)),
      "--json",
    );
    expect(res.stderr).toBe("");
    expect(JSON.parse(res.stdout).urls).toEqual(SDN.map((name) => ({ name, url: `${list.url}/sdn/${name}` })));
    const plain = await cli("datasets", "set-url", "us_ofac_cons", `${list.url}/offline/cons_prim.csv`);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain(`us_ofac_cons now downloads from:\n  cons_prim.csv  ${list.url}/offline/cons_prim.csv`);
    const entry = (targetId: string, before: unknown, after: unknown) => ({
      action: "dataset.updated",
      actorKind: "cli",
      actorUserId: null,
      ipAddress: null,
      targetType: "sanctions_dataset",
      targetId,
      details: { before: { urls: before }, after: { urls: after }, ...cliOperator() },
    });
    expect(await auditEntries(app.db, "dataset.updated")).toEqual([
      entry(
        "us_ofac_sdn",
        sdnBefore,
        SDN.map((name) => ({ name, url: `${list.url}/sdn/${name}` })),
      ),
      entry("us_ofac_cons", consBefore, [{ name: "cons_prim.csv", url: `${list.url}/offline/cons_prim.csv` }]),
    ]);
  });

  test("set-url refuses a bad URL or an unknown dataset, and changes nothing", async () => {
    const bad = await cli("datasets", "set-url", "us_ofac_sdn", "file:///etc/passwd");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "duecheck: url must be an http:// or https:// URL"]);
    const unknown = await cli("datasets", "set-url", "nope", "https://mirror.example/x.csv");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "duecheck: No dataset with id nope"]);
    const [row] = await app.db.select().from(schema.sanctionsDatasets).where(eq(schema.sanctionsDatasets.id, "us_ofac_sdn"));
    expect(row.urls[0].url).toBe(`${list.url}/sdn/sdn.csv`);
  });

  test("download shows which file it fetches and makes a version; again it is not modified", async () => {
    const res = await cli("datasets", "download", "us_ofac_sdn");
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "us_ofac_sdn: sdn.csv (file 1 of 4)",
      "us_ofac_sdn: alt.csv (file 2 of 4)",
      "us_ofac_sdn: add.csv (file 3 of 4)",
      "us_ofac_sdn: sdn_comments.csv (file 4 of 4)",
      expect.stringMatching(/^us_ofac_sdn: checking 4 files, (\d+ Bytes|\d+\.\d\d KB)$/),
    ]);
    expect(lines[5]).toMatch(/^us_ofac_sdn: new current version \S+ with 8 entities \((\d+ Bytes|\d+\.\d\d KB)\)$/);
    const again = await cli("datasets", "download", "us_ofac_sdn", "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ status: "not_modified", version: { entity_count: 8 } });
  });

  test("a failed download exits 1 with the reason, and the list shows it", async () => {
    list.publish("/sdn/alt.csv", `5001,9060,"aka","NEWER ALIAS",-0- \r\n`);
    list.setMode("/sdn/sdn.csv", "error");
    const res = await cli("datasets", "download", "us_ofac_sdn");
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`duecheck: Download of us_ofac_sdn failed: ${list.url}/sdn/sdn.csv answered HTTP 500`);
    const sdn = JSON.parse((await cli("datasets", "list", "--json")).stdout)[0];
    expect(sdn).toMatchObject({ last_download_status: "failed", recent_versions: [{ is_current: true, entity_count: 8 }] });
    // The table says the failed attempt's time and the version still in use.
    const inUse = sdn.recent_versions[0].version_date.slice(0, 16).replace("T", " ");
    const table = (await cli("datasets", "list")).stdout;
    expect(table).toMatch(/ID\s+ENABLED\s+TYPE\s+FORMAT\s+AUTO\s+STATUS\s+LAST DOWNLOAD\s+IN USE/);
    expect(table).toMatch(new RegExp(`us_ofac_sdn\\s+yes\\s+sanctions\\s+ofac_csv\\s+every 6h\\s+failed\\s+[\\d-]+ [\\d:]+\\s+${inUse}`));
    list.resetModes();
  });

  test("download --all reports each dataset and the counts, and exits 1 when one failed", async () => {
    for (const id of ["un_sc_sanctions", "eu_fsf", "gb_fcdo_sanctions", "us_congress_peps"]) {
      expect((await cli("datasets", "set-url", id, `${list.url}/offline/${id}`)).code).toBe(0);
    }
    const res = await cli("datasets", "download", "--all");
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("us_ofac_sdn: success\n");
    expect(res.stdout).toContain(`us_ofac_cons: failed: ${list.url}/offline/cons_prim.csv answered HTTP 404`);
    expect(res.stdout.trim().split("\n").at(-1)).toBe("1 successful, 5 failed");
    const json = JSON.parse((await cli("datasets", "download", "--all", "--json")).stdout);
    expect(json.summary).toEqual({ successful: 1, failed: 5 });
    expect(json.results[0]).toEqual({ id: "us_ofac_sdn", status: "not_modified" });
  });

  test("download needs an id or --all", async () => {
    for (const args of [[], ["us_ofac_sdn", "--all"]]) {
      const res = await cli("datasets", "download", ...args);
      expect([res.code, res.stderr.trim()]).toEqual([1, "duecheck: Give a dataset id or --all (not both)"]);
    }
    const unknown = await cli("datasets", "download", "nope");
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "duecheck: No dataset with id nope"]);
  });

  test("import makes a version from local files; bad files or paths change nothing", async () => {
    const res = await cli("datasets", "import", "us_congress_peps", join(FIXTURES, "opensanctions_senzing", "senzing.json"));
    expect(res.stderr).toBe("");
    expect(res.stdout).toMatch(/^us_congress_peps: new current version \S+ with \d+ entities/);
    const again = await cli("datasets", "import", "us_congress_peps", join(FIXTURES, "opensanctions_senzing", "senzing.json"));
    expect(again.stdout).toContain("us_congress_peps: identical to the current version;");

    const missing = await cli("datasets", "import", "un_sc_sanctions", join(folder, "nothing.xml"));
    expect([missing.code, missing.stderr.trim()]).toEqual([1, `duecheck: No such file or folder: ${join(folder, "nothing.xml")}`]);
    writeFileSync(join(folder, "consolidated.xml"), "<CONSOLIDATED_LIST><INDIVIDUALS>");
    const broken = await cli("datasets", "import", "un_sc_sanctions", join(folder, "consolidated.xml"));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("duecheck: The files cannot be read as un_xml");
    const un = JSON.parse((await cli("datasets", "list", "--json")).stdout).find((d: { id: string }) => d.id === "un_sc_sanctions");
    expect(un).toMatchObject({ last_download_status: "failed", recent_versions: [] });
  });
});

describe("duecheck sanctions search", () => {
  test("prints the results as a table or JSON", async () => {
    const table = await cli("sanctions", "search", "Rustam Karimov");
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Match for "Rustam Karimov" in us_ofac_sdn');
    expect(table.stdout).toMatch(/^\d of 5 lists have no data yet \(download failed: .*OFAC Consolidated/m);
    expect(table.stdout).toMatch(/SCORE\s+MATCH\s+NAME\s+SCHEMA/);
    expect(table.stdout).toMatch(/\d+%\s+yes\s+KARIMOV, Rustam Alievich\s+Person/);
    const json = JSON.parse((await cli("sanctions", "search", "Rustam Karimov", "--json", "--limit", "1")).stdout);
    expect(json).toMatchObject({ found: true, searched: ["us_ofac_sdn"] });
    expect(json.results).toHaveLength(1);
    expect(json.results[0]).toMatchObject({ id: "us_ofac_sdn:5001", name: "KARIMOV, Rustam Alievich", match: true, birthDate: ["1968-03-14"] });
  });

  test("datasets and sanctions search print in --language, their errors too", async () => {
    const list = await cli("datasets", "list", "--language", "de");
    expect(list.stdout).toMatch(/ID\s+AKTIV\s+TYP\s+FORMAT\s+AUTOMATISCH\s+STATUS\s+LETZTER DOWNLOAD/);
    expect(list.stdout).toMatch(/us_congress_peps\s+ja\s+PEP\s+opensanctions_senzing\s+alle 6 h\s+erfolgreich/);
    const fr = await cli("sanctions", "search", "Rustam Karimov", "--language", "fr");
    expect(fr.stdout).toContain("Correspondance pour « Rustam Karimov » dans us_ofac_sdn");
    expect(fr.stdout).toMatch(/^\d listes sur 5 n’ont pas encore de données \(échec du téléchargement : .*OFAC Consolidated/m);
    expect(fr.stdout).toMatch(/SCORE\s+CORRESPOND\s+NOM\s+NATURE/);
    expect(fr.stdout).toMatch(/\d+%\s+oui\s+KARIMOV, Rustam Alievich\s+Person/);
    const bad = await cli("datasets", "download", "--language", "es");
    expect([bad.code, bad.stderr.trim()]).toEqual([1, "duecheck: Indique un id de conjunto de datos o --all (no ambos)"]);
  });

  test("duecheck search says which lists it cannot check before it screens", async () => {
    const res = await cli("search", "Rustam Karimov");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\d of 6 lists have no data yet \(download failed: .*\)\. Searches cannot check these lists until they are downloaded/m);
    expect(res.stdout).toContain("KARIMOV, Rustam Alievich");
    const json = await cli("search", "Rustam Karimov", "--json");
    expect(JSON.parse(json.stdout).status).toBe("completed");
  }, 30_000);

  test("--dataset and --type choose what is searched", async () => {
    const peps = JSON.parse((await cli("sanctions", "search", "Scott Franklin", "--dataset", "peps", "--json")).stdout);
    expect(peps.found).toBe(true);
    expect(peps.results[0]).toMatchObject({ name: "Scott Franklin", datasets: ["us_congress_peps"] });
    const both = JSON.parse((await cli("sanctions", "search", "Scott Franklin", "--dataset", "us_ofac_sdn", "--dataset", "peps", "--json")).stdout);
    expect(both.searched.sort()).toEqual(["us_congress_peps", "us_ofac_sdn"]);
    const company = JSON.parse((await cli("sanctions", "search", "Rustam Karimov", "--type", "company", "--json")).stdout);
    expect(company.found).toBe(false);
  });

  test("--file answers every term in order, one JSON object a line, from one index", async () => {
    const file = join(folder, "terms.txt");
    writeFileSync(file, "Rustam Karimov\n\nNobody Inparticular Zzyzx\r\nGolden Crescent Trading\n");
    const res = await cli("sanctions", "search", "--file", file, "--limit", "3");
    expect(res.stderr).toBe("");
    const lines = res.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.term, l.found])).toEqual([
      ["Rustam Karimov", true],
      ["Nobody Inparticular Zzyzx", false],
      ["Golden Crescent Trading", true],
    ]);
    expect(lines[0].results[0].id).toBe("us_ofac_sdn:5001");
    expect(lines[2].results[0].id).toBe("us_ofac_sdn:5004");
    expect(lines.every((l) => l.results.length <= 3)).toBe(true);
  });

  test.each([
    [["--limit", "0", "x"], "duecheck: limit must be between 1 and 50"],
    [["--type", "vessel", "x"], "duecheck: type must be person or company"],
    [["  "], "duecheck: term must not be blank"],
    [[], "duecheck: Give a term or --file (not both)"],
    [["--dataset", "nope", "x"], "duecheck: No dataset with id nope"],
    [["--dataset", "eu_fsf", "x"], "duecheck: No data has been downloaded yet for eu_fsf"],
    [["--file", "/nonexistent/terms.txt"], "duecheck: Cannot read /nonexistent/terms.txt"],
  ])("search %j exits 1: %s", async (args, message) => {
    const res = await cli("sanctions", "search", ...args);
    expect([res.code, res.stderr.trim()]).toEqual([1, message]);
  });
});

describe("duecheck datasets add", () => {
  test("adds a custom dataset that lists, with its id made from the name", async () => {
    const res = await cli(
      "datasets",
      "add",
      "Éuropean PEPs (OpenSanctions)",
      "--type",
      "pep",
      "--format",
      "opensanctions_senzing",
      "--url",
      "https://data.example.org/peps/senzing.json",
      "--description",
      "Members of parliament",
      "--frequency",
      "12",
      "--json",
    );
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({
      id: "european_peps_opensanctions",
      source_name: "Éuropean PEPs (OpenSanctions)",
      dataset_type: "pep",
      format: "opensanctions_senzing",
      download_frequency: 12,
      last_download_status: null,
      metadata: { description: "Members of parliament" },
    });
    const listed = JSON.parse((await cli("datasets", "list", "--json")).stdout);
    expect(listed.map((d: { id: string }) => d.id)).toContain("european_peps_opensanctions");
    expect(await auditEntries(app.db, "dataset.added")).toEqual([
      {
        action: "dataset.added",
        actorKind: "cli",
        actorUserId: null,
        ipAddress: null,
        targetType: "sanctions_dataset",
        targetId: "european_peps_opensanctions",
        details: {
          name: "Éuropean PEPs (OpenSanctions)",
          type: "pep",
          format: "opensanctions_senzing",
          urls: [{ name: "senzing.json", url: "https://data.example.org/peps/senzing.json" }],
          ...cliOperator(),
        },
      },
    ]);
  });

  test("refuses an unknown format, a bad type or a non-http URL, and adds nothing", async () => {
    const before = JSON.parse((await cli("datasets", "list", "--json")).stdout).length;
    const badFormat = await cli("datasets", "add", "X list", "--type", "pep", "--format", "csv", "--url", "https://x.example/a.csv");
    expect(badFormat.code).toBe(1);
    expect(badFormat.stderr).toContain("format must be one of");
    const badType = await cli("datasets", "add", "X list", "--type", "watch", "--format", "un_xml", "--url", "https://x.example/a.xml");
    expect(badType.stderr).toContain("type must be sanctions or pep");
    const badUrl = await cli("datasets", "add", "X list", "--type", "pep", "--format", "un_xml", "--url", "ftp://x.example/a.xml");
    expect(badUrl.code).toBe(1);
    expect(JSON.parse((await cli("datasets", "list", "--json")).stdout).length).toBe(before);
  });
});
