/**
 * One HTTP attempt at a delivery. The host is resolved first (every address) and refused when any address is not
 * public, unless private networks are allowed; the connection then goes to the address that was checked (the
 * request's own DNS lookup is replaced), so a second, different DNS answer cannot redirect it (DNS rebinding). TLS
 * still checks the certificate against the URL's host name. Redirects are not followed; the body read is at most
 * what the error message keeps.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { nonPublicReason } from "./addresses.ts";

export const DELIVERY_TIMEOUT_MS = 10_000;
const ERROR_BODY_CHARS = 200;

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
}

export type SendOutcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

interface Address {
  address: string;
  family: number;
}

async function resolve(hostname: string): Promise<Address[]> {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (isIP(bare)) return [{ address: bare, family: isIP(bare) }];
  return lookup(bare, { all: true, verbatim: true });
}

export async function sendDelivery(request: SendRequest): Promise<SendOutcome> {
  const url = new URL(request.url);
  let addresses: Address[];
  try {
    addresses = await resolve(url.hostname);
  } catch (error) {
    return { ok: false, statusCode: null, error: `Could not resolve ${url.hostname}: ${(error as Error).message}` };
  }
  if (addresses.length === 0) return { ok: false, statusCode: null, error: `Could not resolve ${url.hostname}` };
  if (!request.allowPrivateNetworks) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason) {
        return {
          ok: false,
          statusCode: null,
          error: `Refused: ${url.hostname} resolves to ${address}, a ${reason} address; an administrator can allow private networks for webhooks`,
        };
      }
    }
  }
  // IPv4 first, as most receivers listen on it (localhost often resolves to ::1 first).
  const pinned = addresses.find((a) => a.family === 4) ?? addresses[0];
  return post(url, pinned, request);
}

function post(url: URL, pinned: Address, request: SendRequest): Promise<SendOutcome> {
  const client = url.protocol === "https:" ? https : http;
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  return new Promise((resolveOutcome) => {
    let settled = false;
    const done = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveOutcome(outcome);
    };
    const req = client.request(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [pinned]) : callback(null, pinned.address, pinned.family)) as never,
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        if (statusCode >= 200 && statusCode < 300) {
          res.resume();
          done({ ok: true, statusCode });
          return;
        }
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
          if (text.length >= ERROR_BODY_CHARS) res.destroy();
        });
        const finish = () => {
          const location = statusCode >= 300 && statusCode < 400 ? ` (redirect to ${res.headers.location ?? "?"} not followed)` : "";
          const shown = text.slice(0, ERROR_BODY_CHARS).trim();
          done({ ok: false, statusCode, error: `HTTP ${statusCode}${location}${shown ? `: ${shown}` : ""}` });
        };
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, statusCode: null, error: `No answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    req.on("error", (error) => done({ ok: false, statusCode: null, error: `Connection failed: ${error.message}` }));
    req.end(request.body);
  });
}
