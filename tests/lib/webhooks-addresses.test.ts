import { describe, expect, test } from "bun:test";
import { nonPublicReason } from "../../lib/outgoing/addresses.ts";
import { createWebhookSchema } from "../../lib/webhooks/schemas.ts";
import { signatureHeader, verifySignature } from "../../lib/webhooks/signature.ts";

/** Which addresses a delivery may reach, which URLs a webhook may have, and the signature a receiver checks. */
describe("address classification", () => {
  test.each([
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.254", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:a9fe:a9fe", "link-local"],
    ["64:ff9b::192.168.0.1", "private"],
    ["2002:c0a8:0101::1", "private"],
  ])("%s is refused as %s", (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  test.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "172.15.255.255", "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(nonPublicReason(address)).toBeNull();
    },
  );
});

describe("webhook URLs and events", () => {
  const parse = (url: string, events: unknown = ["search.completed"]) => createWebhookSchema.safeParse({ url, events });
  test("https anywhere and http to this machine are accepted", () => {
    for (const url of ["https://example.com/hooks", "http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]:9000/"]) {
      expect(parse(url).success).toBe(true);
    }
  });
  test("http elsewhere, other schemes, credentials and bad events are refused", () => {
    for (const url of ["http://example.com/hooks", "ftp://example.com", "not a url", "https://user:pw@example.com/"]) {
      expect(parse(url).success).toBe(false);
    }
    expect(parse("https://example.com", []).error?.issues[0].message).toBe("Choose at least one event");
    expect(parse("https://example.com", ["search.done"]).success).toBe(false);
  });
});

describe("signatures", () => {
  const secret = "whsec_test-secret";
  const body = JSON.stringify({ id: "1", event: "search.completed", data: { a: 1 } });
  test("a receiver recomputing HMAC-SHA256 of '<t>.<body>' gets v1", () => {
    const header = signatureHeader(secret, body, 1_700_000_000);
    const hmac = new Bun.CryptoHasher("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${hmac}`);
    expect(verifySignature(secret, body, header, 1_700_000_100)).toBe(true);
  });
  test("another secret, a changed body or a timestamp over five minutes old do not verify", () => {
    const header = signatureHeader(secret, body, 1_700_000_000);
    expect(verifySignature("whsec_other", body, header, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, body.replace("1", "2"), header, 1_700_000_000)).toBe(false);
    expect(verifySignature(secret, body, header, 1_700_000_301)).toBe(false);
  });
});
