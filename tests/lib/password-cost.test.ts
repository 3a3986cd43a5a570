import { afterEach, describe, expect, test } from "bun:test";
import { loadPasswordCost } from "../../lib/auth/password-cost.ts";
import { hashPassword, verifyPassword } from "../../lib/auth/passwords.ts";
import { startApp } from "../helpers/app.ts";
import { setEnv } from "../helpers/env.ts";

let restore: () => void = () => {};
afterEach(() => restore());

const costOf = (hash: string) => /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/.exec(hash)?.slice(1).map(Number);

describe("password hashes", () => {
  test("by default argon2id over 64 MiB in two passes", async () => {
    restore = setEnv({ DUECHECK_PASSWORD_MEMORY_KIB: undefined, DUECHECK_PASSWORD_TIME_COST: undefined });
    expect(costOf(await hashPassword("Correct horse 1"))).toEqual([65536, 2]);
  });

  test("at a lowered cost the hash names it, and a hash made at the old cost still verifies", async () => {
    restore = setEnv({ DUECHECK_PASSWORD_MEMORY_KIB: undefined, DUECHECK_PASSWORD_TIME_COST: undefined });
    const before = await hashPassword("Correct horse 1");
    restore();
    restore = setEnv({ DUECHECK_PASSWORD_MEMORY_KIB: "7168", DUECHECK_PASSWORD_TIME_COST: "5" });
    const after = await hashPassword("Correct horse 1");
    expect(costOf(after)).toEqual([7168, 5]);
    expect(await verifyPassword("Correct horse 1", before)).toBe(true);
    expect(await verifyPassword("Correct horse 1", after)).toBe(true);
    expect(await verifyPassword("Correct horse 2", after)).toBe(false);
  });
});

describe("the floor: OWASP's cheapest argon2id pair (7 MiB, 5 passes)", () => {
  test("less memory than 7 MiB is refused with the variable's name", () => {
    expect(() => loadPasswordCost({ DUECHECK_PASSWORD_MEMORY_KIB: "4096", DUECHECK_PASSWORD_TIME_COST: "10" })).toThrow(
      "DUECHECK_PASSWORD_MEMORY_KIB must be at least 7168",
    );
  });

  test("7 MiB in fewer than five passes is refused; 19 MiB in two is allowed", () => {
    expect(() => loadPasswordCost({ DUECHECK_PASSWORD_MEMORY_KIB: "7168", DUECHECK_PASSWORD_TIME_COST: "2" })).toThrow("at least 35840");
    expect(loadPasswordCost({ DUECHECK_PASSWORD_MEMORY_KIB: "19456", DUECHECK_PASSWORD_TIME_COST: "2" })).toEqual({ memoryKib: 19456, timeCost: 2 });
  });

  test("a value that is not a whole number is a configuration error", () => {
    expect(() => loadPasswordCost({ DUECHECK_PASSWORD_TIME_COST: "two" })).toThrow("Configuration error: DUECHECK_PASSWORD_TIME_COST must be a number");
    expect(() => loadPasswordCost({ DUECHECK_PASSWORD_MEMORY_KIB: "8192.5" })).toThrow("must be a whole number");
  });

  test("a server with a setting below the floor does not start", async () => {
    restore = setEnv({ DUECHECK_PASSWORD_MEMORY_KIB: "1024" });
    await expect(startApp()).rejects.toThrow("DUECHECK_PASSWORD_MEMORY_KIB must be at least 7168");
  });
});
