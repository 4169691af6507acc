/**
 * A small HTTP client for server tests that behaves like a browser tab: it keeps cookies,
 * fetches the CSRF token like the web app does, and returns status, headers and body.
 */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface SendOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send the CSRF token (default true for non-GET). */
  csrf?: boolean;
}

export class Visitor {
  readonly cookies = new Map<string, string>();
  private csrfToken: string | null = null;

  /** `headers` go with every request (e.g. X-Forwarded-For to come from another address). */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetchCsrf(): Promise<string> {
    const answer = await this.send<{ csrfToken: string }>('GET', '/api/csrf');
    this.csrfToken = answer.body.csrfToken;
    return this.csrfToken;
  }

  forgetCsrf(): void {
    this.csrfToken = null;
  }

  /** Keeps (or drops) the cookies an answer sets, as a browser's cookie jar does. */
  keepCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
  }

  async send<T = Record<string, unknown>>(method: string, path: string, options: SendOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.json === 'string' ? options.json : JSON.stringify(options.json);
    }
    if (method !== 'GET' && (options.csrf ?? true)) {
      headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrf());
      if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.keepCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  async signIn(email: string, password: string): Promise<Answer> {
    const answer = await this.send('POST', '/api/auth/login', { json: { email, password } });
    this.forgetCsrf();
    return answer;
  }

  async register(email: string, name: string, password = 'correct horse battery'): Promise<Answer> {
    const answer = await this.send('POST', '/api/auth/register', { json: { email, name, password } });
    this.forgetCsrf();
    return answer;
  }
}
