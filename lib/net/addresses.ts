/**
 * IP addresses as the server compares and records them, and the ranges of DUECHECK_TRUSTED_PROXIES. One spelling per
 * address, so a throttle keyed by address cannot be dodged by writing the same address another way.
 */
import { BlockList, isIP } from "node:net";

const MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * An address in its one spelling: IPv4 dotted, IPv6 in canonical short form (lower case, "::"), and an IPv4 address
 * inside IPv6 (::ffff:127.0.0.1, as a dual-stack socket reports an IPv4 peer) as the IPv4 address it is; null when
 * `text` is not a bare IP address.
 */
export function canonicalAddress(text: string): string | null {
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6 || text.includes("%")) return null;
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [Number.parseInt(mapped[1], 16), Number.parseInt(mapped[2], 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * An address as a proxy may write it in X-Forwarded-For or a socket reports it: also "[2001:db8::1]",
 * "[2001:db8::1]:443", "192.0.2.1:443" and a zone ("fe80::1%eth0", which names the server's interface, not the
 * client). Null when it is none of these.
 */
export function normaliseAddress(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  return canonicalAddress(text.replace(/%[^%]*$/, ""));
}

export interface AddressRange {
  address: string;
  prefix: number;
  family: 4 | 6;
}

/**
 * "10.0.0.0/8", "2001:db8::/32" or a single address (its whole length); null when it is not one. An IPv4-mapped IPv6
 * range of /96 or longer is the IPv4 range it covers, as the addresses it is checked against are written as IPv4.
 */
export function parseRange(text: string): AddressRange | null {
  const [addressText, prefixText, ...rest] = text.trim().split("/");
  if (rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null;
  const address = canonicalAddress(addressText);
  if (!address) return null;
  const given = isIP(addressText) as 4 | 6;
  const family = isIP(address) as 4 | 6;
  const max = given === 4 ? 32 : 128;
  let prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  if (given === 6 && family === 4) {
    if (prefix < 96) return null;
    prefix -= 96;
  }
  return { address, prefix, family };
}

/**
 * Whether an address (as normaliseAddress writes it) lies in one of the ranges. Each family is checked against its
 * own ranges only: an IPv4 address is never taken for the IPv6 range that maps it (that range became IPv4 above).
 */
export function rangeMatcher(ranges: readonly AddressRange[]): (address: string) => boolean {
  const lists = { 4: new BlockList(), 6: new BlockList() };
  for (const r of ranges) lists[r.family].addSubnet(r.address, r.prefix, r.family === 4 ? "ipv4" : "ipv6");
  return (address) => {
    const family = isIP(address);
    if (family === 4) return lists[4].check(address, "ipv4");
    return family === 6 && lists[6].check(address, "ipv6");
  };
}
