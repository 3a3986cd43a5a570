/**
 * The host application's backend part: it holds the duecheck API key and hands its pages a short-lived embed token
 * (POST /api/v1/embed-tokens), never the key.
 */
export interface EmbedSessionConfig {
  /** The duecheck server, e.g. http://127.0.0.1:3000. */
  duecheckUrl: string;
  /** A duecheck API key (dck_...), kept on this server. */
  apiKey: string;
}

/** GET /embed-session: `{ baseUrl, token, expiresAt }` for the page's components, or the duecheck server's refusal. */
export async function embedSession(config: EmbedSessionConfig): Promise<Response> {
  const answer = await fetch(`${config.duecheckUrl}/api/v1/embed-tokens`, {
    method: "POST",
    headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ ttlSeconds: 900 }),
  });
  const body = (await answer.json()) as { token?: string; expiresAt?: string; error?: string };
  if (!answer.ok || !body.token) return Response.json({ error: body.error ?? `duecheck answered ${answer.status}` }, { status: 502 });
  return Response.json({ baseUrl: config.duecheckUrl, token: body.token, expiresAt: body.expiresAt }, { headers: { "Cache-Control": "no-store" } });
}
