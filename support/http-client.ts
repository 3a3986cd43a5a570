/** A minimal HTTP client with a cookie jar, like one browser profile talking to the app. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...this.defaultHeaders, ...headers };
    if (body !== undefined && typeof body !== "string") h["content-type"] = "application/json";
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: its callers (tests, benchmarks) read the app's JSON answers untyped
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", path, body ?? {}, headers);
  }
  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PUT", path, body ?? {}, headers);
  }

  async signIn(email: string, password: string, extra: Record<string, unknown> = {}) {
    const res = await this.post("/api/auth/login", { email, password, ...extra });
    if (res.status !== 200 || !res.json?.user) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return res.json.user;
  }
}
