import { getToken, setToken } from './storage.ts';

/** The response header with a renewed session token (apps/server/src/lib/auth-hook.ts). */
const RENEWED_TOKEN_HEADER = 'x-session-token';

/** An error answered by our API: `message` is the server's `error` text, safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

let onUnauthorized: (() => void) | null = null;
/** Called when the API refuses the stored token (SPEC 4: drop it and open a new guest session). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request finish even if the page is left (sign-out). */
  keepalive?: boolean;
}

/** Calls our API with the stored Bearer token and returns its `data`. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'No connection. Please check your internet and try again.');
  }
  // Issue 14: a signed-in token past half its 15 minutes comes back renewed. It replaces the stored
  // one only if that is still the token sent (not after a sign-out or another sign-in meanwhile).
  const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && token && getToken() === token) setToken(renewed);
  const payload = (await response.json().catch(() => null)) as { data?: T; error?: string } | null;
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
    throw new ApiError(response.status, payload?.error ?? `Request failed (${response.status})`);
  }
  return payload?.data as T;
}
