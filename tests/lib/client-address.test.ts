import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../lib/config.ts";
import { canonicalAddress, normaliseAddress, parseRange, rangeMatcher } from "../../lib/net/addresses.ts";
import { forwardedHost, forwardedScheme, originOf, proxyTrust, requestSource } from "../../lib/net/forwarded.ts";

/** The client address behind reverse proxies: one spelling per address, the trusted ranges, and X-Forwarded-For read from the right. */
describe("addresses", () => {
  test.each([
    ["192.0.2.7", "192.0.2.7"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::FFFF:7f00:1", "127.0.0.1"],
    ["0:0:0:0:0:ffff:c000:207", "192.0.2.7"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
    ["0:0:0:0:0:0:0:1", "::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["[2001:db8::1]:8443", "2001:db8::1"],
    [" 192.0.2.7:51234 ", "192.0.2.7"],
    ["fe80::1%eth0", "fe80::1"],
  ])("%s is written %s", (raw, normal) => {
    expect(normaliseAddress(raw)).toBe(normal);
  });

  test.each(["", "unknown", "1.2.3", "01.2.3.4", "256.0.0.1", "example.com", "1.2.3.4.5", "2001:db8::g", "[1.2.3.4"])("%p is no address", (raw) => {
    expect(normaliseAddress(raw)).toBeNull();
  });

  test("a configured address takes no port, brackets or zone", () => {
    expect(canonicalAddress("192.0.2.7:80")).toBeNull();
    expect(canonicalAddress("[::1]")).toBeNull();
    expect(canonicalAddress("fe80::1%eth0")).toBeNull();
  });
});

describe("ranges", () => {
  test("CIDR ranges and single addresses of both families", () => {
    expect(parseRange("10.0.0.0/8")).toEqual({ address: "10.0.0.0", prefix: 8, family: 4 });
    expect(parseRange(" 192.0.2.7 ")).toEqual({ address: "192.0.2.7", prefix: 32, family: 4 });
    expect(parseRange("2001:DB8::/32")).toEqual({ address: "2001:db8::", prefix: 32, family: 6 });
    expect(parseRange("::1")).toEqual({ address: "::1", prefix: 128, family: 6 });
    // an IPv4-mapped range is the IPv4 range it covers
    expect(parseRange("::ffff:10.0.0.0/104")).toEqual({ address: "10.0.0.0", prefix: 8, family: 4 });
  });

  test.each(["10.0.0.0/33", "2001:db8::/129", "10.0.0.0/", "10.0.0.0/8/8", "10.0.0.0/-1", "10.0.0.0/8x", "proxy.internal", "::ffff:10.0.0.0/64", ""])(
    "%p is refused",
    (text) => {
      expect(parseRange(text)).toBeNull();
    },
  );

  test("the matcher holds the range's edges and nothing past them, and keeps the families apart", () => {
    const inRanges = rangeMatcher(["10.0.0.0/8", "192.168.1.77/24", "2001:db8::/32", "203.0.113.9", "fd00::1"].map((r) => parseRange(r)!));
    for (const a of [
      "10.0.0.0",
      "10.255.255.255",
      "192.168.1.0",
      "192.168.1.255",
      "2001:db8::",
      "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff",
      "203.0.113.9",
      "fd00::1",
    ]) {
      expect([a, inRanges(a)]).toEqual([a, true]);
    }
    for (const a of ["9.255.255.255", "11.0.0.0", "192.168.0.255", "192.168.2.0", "2001:db7:ffff::", "2001:db9::", "203.0.113.10", "fd00::2", "garbage"]) {
      expect([a, inRanges(a)]).toEqual([a, false]);
    }
    expect(rangeMatcher([parseRange("::/0")!])("192.0.2.7")).toBe(false);
    expect(rangeMatcher([parseRange("0.0.0.0/0")!])("2001:db8::1")).toBe(false);
  });
});

describe("DUECHECK_TRUSTED_PROXIES", () => {
  test("is read into ranges, with DUECHECK_TRUST_PROXY=1", () => {
    const config = loadConfig({ DUECHECK_TRUST_PROXY: "1", DUECHECK_TRUSTED_PROXIES: "10.0.0.0/8, 2001:db8::/32,192.0.2.7" });
    expect(config.trustedProxies).toEqual([
      { address: "10.0.0.0", prefix: 8, family: 4 },
      { address: "2001:db8::", prefix: 32, family: 6 },
      { address: "192.0.2.7", prefix: 32, family: 4 },
    ]);
    expect(loadConfig({ DUECHECK_TRUST_PROXY: "1" }).trustedProxies).toEqual([]);
  });

  test("a value that is not a list of addresses or ranges stops the start, naming the entries", () => {
    expect(() => loadConfig({ DUECHECK_TRUST_PROXY: "1", DUECHECK_TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal,10.0.0.0/40" })).toThrow(
      /^Configuration error: DUECHECK_TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas, e\.g\. .* \(not one: proxy\.internal, 10\.0\.0\.0\/40\)$/,
    );
    expect(() => loadConfig({ DUECHECK_TRUST_PROXY: "1", DUECHECK_TRUSTED_PROXIES: " , " })).toThrow(/DUECHECK_TRUSTED_PROXIES must be/);
  });

  test("without DUECHECK_TRUST_PROXY=1 it stops the start", () => {
    expect(() => loadConfig({ DUECHECK_TRUSTED_PROXIES: "10.0.0.0/8" })).toThrow(/DUECHECK_TRUSTED_PROXIES is set but DUECHECK_TRUST_PROXY is not 1/);
  });
});

describe("the client of a request", () => {
  const listed = proxyTrust(["10.0.0.0/8", "2001:db8::/32"].map((r) => parseRange(r)!));
  const peerOnly = proxyTrust([]);

  test("proxy headers off: the peer, whatever X-Forwarded-For says", () => {
    expect(requestSource("192.0.2.7", "1.2.3.4", null)).toEqual({ address: "192.0.2.7", viaTrustedProxy: false });
    expect(requestSource("::ffff:192.0.2.7", undefined, null)).toEqual({ address: "192.0.2.7", viaTrustedProxy: false });
    expect(requestSource(undefined, "1.2.3.4", null)).toEqual({ address: null, viaTrustedProxy: false });
  });

  test("the peer alone trusted: the right-most entry, whatever the client wrote left of it", () => {
    expect(requestSource("127.0.0.1", "1.2.3.4, 198.51.100.20", peerOnly)).toEqual({ address: "198.51.100.20", viaTrustedProxy: true });
    expect(requestSource("::ffff:127.0.0.1", "198.51.100.20", peerOnly).address).toBe("198.51.100.20");
    // the proxy's own neighbour on the chain is not trusted either: one proxy in front
    expect(requestSource("127.0.0.1", "198.51.100.20, 10.0.0.5", peerOnly).address).toBe("10.0.0.5");
    expect(requestSource("127.0.0.1", undefined, peerOnly).address).toBe("127.0.0.1");
    expect(requestSource("127.0.0.1", " , ", peerOnly).address).toBe("127.0.0.1");
  });

  test("listed proxies: the right-most entry that is not one of them", () => {
    expect(requestSource("10.0.0.1", "6.6.6.6, 198.51.100.20, 10.1.1.1, 2001:db8::5", listed)).toEqual({ address: "198.51.100.20", viaTrustedProxy: true });
    expect(requestSource("::ffff:10.0.0.1", "198.51.100.20", listed).address).toBe("198.51.100.20");
    expect(requestSource("10.0.0.1", "[2001:db8:1::9]:443, 192.0.2.4:8080", listed).address).toBe("192.0.2.4");
  });

  test("every entry a listed proxy: the left-most", () => {
    expect(requestSource("10.0.0.1", "10.9.9.9, 10.1.1.1", listed).address).toBe("10.9.9.9");
  });

  test("an entry that is no address ends the walk at the last trusted hop", () => {
    expect(requestSource("10.0.0.1", "198.51.100.20, unknown, 10.1.1.1", listed).address).toBe("10.1.1.1");
    expect(requestSource("10.0.0.1", "198.51.100.20, garbage", listed).address).toBe("10.0.0.1");
  });

  test("a peer that is not a listed proxy is the client, and its headers are not read", () => {
    expect(requestSource("127.0.0.1", "198.51.100.20", listed)).toEqual({ address: "127.0.0.1", viaTrustedProxy: false });
    expect(requestSource("192.0.2.7", "10.0.0.1", listed)).toEqual({ address: "192.0.2.7", viaTrustedProxy: false });
    expect(requestSource(undefined, "198.51.100.20", peerOnly)).toEqual({ address: null, viaTrustedProxy: false });
  });
});

describe("forwarded scheme and host", () => {
  test("the nearest proxy's value, and only a scheme or a bare host", () => {
    expect(forwardedScheme("https")).toBe("https");
    expect(forwardedScheme("HTTP")).toBe("http");
    expect(forwardedScheme("https, http")).toBe("http");
    expect(forwardedScheme("ftp")).toBeNull();
    expect(forwardedScheme(undefined)).toBeNull();
    expect(forwardedHost("app.example.com")).toBe("app.example.com");
    expect(forwardedHost("evil.example, app.example.com:8443")).toBe("app.example.com:8443");
    for (const bad of ["app.example.com/path", "user@app.example.com", "app.example.com?x", "", undefined]) expect(forwardedHost(bad)).toBeNull();
  });

  test("origins as browsers write them: scheme, host and a port other than the default", () => {
    expect(originOf("https", "App.Example.com:443")).toBe("https://app.example.com");
    expect(originOf("http", "127.0.0.1:3000")).toBe("http://127.0.0.1:3000");
    expect(originOf("http", "[::1]:3000")).toBe("http://[::1]:3000");
    expect(originOf("http", "a b")).toBeNull();
  });
});
