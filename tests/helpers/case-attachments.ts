import type { HttpClient } from "../../support/http-client.ts";

/** A client's session cookie, for the calls its JSON client does not make (multipart uploads, raw downloads). */
export const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** POST /api/cases/{id}/attachments as the web app sends it: multipart, the file in the field `file`. */
export function uploadAttachment(client: HttpClient, caseId: string, content: Uint8Array, name: string, type = "application/octet-stream") {
  return postFile(client, `/api/cases/${caseId}/attachments`, content, name, type);
}

/** A multipart POST of one file in the field `file`, answered as HttpClient answers (status, json, text, headers). */
export async function postFile(client: HttpClient, path: string, content: Uint8Array, name: string, type = "application/octet-stream") {
  const form = new FormData();
  form.append("file", new File([content as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await fetch(`${client.baseUrl}${path}`, { method: "POST", body: form, headers: { cookie: cookieOf(client) } });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}

/** GET the attachment's bytes. */
export async function downloadAttachment(client: HttpClient, caseId: string, attachmentId: string) {
  const res = await fetch(`${client.baseUrl}/api/cases/${caseId}/attachments/${attachmentId}`, { headers: { cookie: cookieOf(client) } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
