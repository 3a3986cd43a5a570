/**
 * Settings for an app under test whose DUECHECK_PUBLIC_URL is its own loopback address, as mail needs a public
 * address: the port is chosen before the start, so mailed links open the app under test (app.url).
 */
export function ownPublicUrlEnv(): { PORT: string; DUECHECK_PUBLIC_URL: string } {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return { PORT: String(port), DUECHECK_PUBLIC_URL: `http://127.0.0.1:${port}` };
}
