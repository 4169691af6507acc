/**
 * The product API client (spec sections 7 and 8): base /api, cookies sent, JSON, 15 s timeout.
 * GETs are retried once after a random 200–500 ms wait on abort or network failure. The CSRF
 * token is fetched before the first change call, cached and sent as X-CSRF-Token; a 403 that
 * mentions csrf refreshes it and retries once. A 401 on …/me triggers a logout call; a 401
 * elsewhere raises 'Unauthorized' unless the call opts out.
 */
import { FetchError, ofetch, type FetchOptions } from 'ofetch';

export const API_TIMEOUT_MS = 15_000;
export const CSRF_HEADER = 'X-CSRF-Token';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
    readonly headers: Headers | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Adds `_ts=<now>` to defeat caches. */
  cacheBust?: boolean;
  /** A 401 is raised with the server's message instead of 'Unauthorized' (sign-in forms). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  baseURL?: string;
  timeoutMs?: number;
  /** Called when a 401 means the session is gone (the session machine signs the user out). */
  onUnauthorized?: () => void;
  /** Random wait before the GET retry; injectable for tests. */
  retryDelayMs?: () => number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function messageOf(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return `${status} ${statusText}`.trim();
}

function isRetryable(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  return error.response === undefined; // aborted, timed out or the network failed
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseURL = options.baseURL ?? '/api';
  const retryDelayMs = options.retryDelayMs ?? (() => 200 + Math.random() * 300);
  const fetcher = ofetch.create({
    baseURL,
    credentials: 'include',
    headers: { Accept: 'application/json' },
    timeout: options.timeoutMs ?? API_TIMEOUT_MS,
    retry: 0,
  });
  let csrfToken: string | null = null;
  let csrfRequest: Promise<string> | null = null;

  function csrf(): Promise<string> {
    if (csrfToken) return Promise.resolve(csrfToken);
    csrfRequest ??= fetcher<{ csrfToken: string }>('/csrf')
      .then((answer) => (csrfToken = answer.csrfToken))
      .finally(() => (csrfRequest = null));
    return csrfRequest;
  }

  async function send<T>(method: Method, path: string, body: unknown, opts: RequestOptions): Promise<T> {
    const query = { ...opts.query, ...(opts.cacheBust ? { _ts: Date.now() } : {}) };
    const init: FetchOptions<'json'> = { method, query, signal: opts.signal };
    if (body !== undefined) init.body = body as FetchOptions['body'];
    if (method !== 'GET') init.headers = { [CSRF_HEADER]: await csrf() };
    const response = await fetcher.raw<T>(path, init);
    // ofetch parses an empty body to '' (destr); an empty answer means undefined, like 204.
    return (response.status === 204 || response._data === '' ? undefined : (response._data ?? undefined)) as T;
  }

  async function request<T>(method: Method, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    let retriedNetwork = false;
    let retriedCsrf = false;
    for (;;) {
      try {
        return await send<T>(method, path, body, opts);
      } catch (error) {
        if (method === 'GET' && !retriedNetwork && !opts.signal?.aborted && isRetryable(error)) {
          retriedNetwork = true;
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs()));
          continue;
        }
        if (!(error instanceof FetchError) || !error.response) {
          throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
        }
        const { status, statusText, headers } = error.response;
        const data: unknown = error.data;
        const text = messageOf(status, statusText, data);
        if (status === 403 && !retriedCsrf && /csrf/i.test(JSON.stringify(data ?? ''))) {
          retriedCsrf = true;
          csrfToken = null;
          continue;
        }
        if (status === 401 && path.endsWith('/me')) {
          await logout().catch(() => undefined);
          options.onUnauthorized?.();
          throw new ApiError(text, 401, data, headers);
        }
        if (status === 401 && !opts.skipAuthRedirect) {
          options.onUnauthorized?.();
          throw new ApiError('Unauthorized', 401, data, headers);
        }
        throw new ApiError(text, status, data, headers);
      }
    }
  }

  function logout(): Promise<void> {
    return request<void>('POST', '/auth/logout', undefined, { skipAuthRedirect: true }).finally(() => {
      csrfToken = null;
    });
  }

  /** One multipart PUT with XMLHttpRequest, because fetch cannot report upload progress. */
  function uploadOnce<T>(path: string, form: FormData, token: string, onProgress?: (fraction: number) => void) {
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', `${baseURL}${path}`);
      xhr.withCredentials = true;
      xhr.timeout = options.timeoutMs ?? API_TIMEOUT_MS;
      xhr.setRequestHeader(CSRF_HEADER, token);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress?.(event.loaded / event.total);
      xhr.onerror = () => reject(new ApiError('Network error', 0));
      xhr.ontimeout = () => reject(new ApiError('The upload timed out', 0));
      xhr.onload = () => {
        let data: unknown = null;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          data = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(new ApiError(messageOf(xhr.status, xhr.statusText, data), xhr.status, data));
      };
      xhr.send(form);
    });
  }

  /** Multipart upload with progress (0–1), with the same CSRF refresh-and-retry-once and 401 rules. */
  async function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
    try {
      return await uploadOnce<T>(path, form, await csrf(), onProgress);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 403 && /csrf/i.test(JSON.stringify(error.body ?? ''))) {
        csrfToken = null;
        return uploadOnce<T>(path, form, await csrf(), onProgress);
      }
      if (error.status === 401) {
        options.onUnauthorized?.();
        throw new ApiError('Unauthorized', 401, error.body);
      }
      throw error;
    }
  }

  return {
    get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
    upload,
    logout,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const unauthorizedListeners = new Set<() => void>();

/** Registers a listener for "the session is gone" (a 401); returns the unsubscribe function. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app's client: base /api, same origin; 401s reach the session through onUnauthorized. */
export const api = createApiClient({
  baseURL: import.meta.env.VITE_API_BASE ?? '/api',
  onUnauthorized: () => unauthorizedListeners.forEach((listener) => listener()),
});
