/**
 * Which IP addresses an outgoing request (webhook, dataset download) may reach: public unicast only. Refused: unspecified, loopback, private
 * (RFC 1918), carrier-grade NAT, link-local, multicast, reserved and documentation ranges, IPv6 unique-local,
 * link-local and site-local, and IPv4 addresses inside IPv6 (mapped, compatible, NAT64, 6to4) by their IPv4 rule.
 */
import { isIPv4, isIPv6 } from "node:net";

type Range = [prefix: number[], bits: number, name: string];

const IPV4_RANGES: Range[] = [
  [[0], 8, "unspecified"],
  [[10], 8, "private"],
  [[100, 64], 10, "carrier-grade NAT"],
  [[127], 8, "loopback"],
  [[169, 254], 16, "link-local"],
  [[172, 16], 12, "private"],
  [[192, 0, 0], 24, "reserved"],
  [[192, 0, 2], 24, "documentation"],
  [[192, 168], 16, "private"],
  [[198, 18], 15, "benchmarking"],
  [[198, 51, 100], 24, "documentation"],
  [[203, 0, 113], 24, "documentation"],
  [[224], 4, "multicast"],
  [[240], 4, "reserved"],
];

const IPV6_RANGES: Range[] = [
  [[0xfc], 7, "unique-local"],
  [[0xfe, 0x80], 10, "link-local"],
  [[0xfe, 0xc0], 10, "site-local"],
  [[0xff], 8, "multicast"],
  [[0x20, 0x01, 0x0d, 0xb8], 32, "documentation"],
];

function inRange(bytes: number[], [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const mask = bits - i * 8 >= 8 ? 0xff : (0xff << (8 - (bits - i * 8))) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0];
  const tail: number[] = [];
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    tail.push(...v4[1].split(".").map(Number));
    text = `${text.slice(0, -v4[1].length)}0:0`;
  }
  const [head, rest] = text.split("::");
  const groups = (part: string | undefined) => (part ? part.split(":").filter((g) => g !== "") : []);
  const h = groups(head);
  const r = rest === undefined ? [] : groups(rest);
  const all = rest === undefined ? h : [...h, ...Array(8 - h.length - r.length).fill("0"), ...r];
  const bytes = all.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** Why the address is not a public unicast one ("private", "loopback", ...), or null when it is. */
export function nonPublicReason(address: string): string | null {
  if (isIPv4(address)) {
    const bytes = address.split(".").map(Number);
    if (bytes.every((b) => b === 255)) return "broadcast";
    return IPV4_RANGES.find((range) => inRange(bytes, range))?.[2] ?? null;
  }
  if (!isIPv6(address)) return "not an IP address";
  const bytes = ipv6Bytes(address);
  const embedded = (from: number) => nonPublicReason(bytes.slice(from, from + 4).join("."));
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (bytes.every((b) => b === 0)) return "unspecified";
  if (zeros(15) && bytes[15] === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible): the IPv4 address is what is reached.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(12);
  if (zeros(12)) return embedded(12);
  // 64:ff9b::/96 (NAT64) and 2002::/16 (6to4) lead to an IPv4 address too.
  if (inRange(bytes, [[0, 0x64, 0xff, 0x9b], 96, ""])) return embedded(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded(2);
  return IPV6_RANGES.find((range) => inRange(bytes, range))?.[2] ?? null;
}
