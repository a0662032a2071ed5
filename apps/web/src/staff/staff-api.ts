import { STAFF_CSRF_HEADER } from '@shop/domain/staff';

/** An error answered by the staff API: `message` is the server's `error` text, safe to show. */
export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

// The session itself is an httpOnly cookie the page cannot read; only the CSRF token, which the
// server hands over at sign-in and in /me, is kept here, in memory (never in storage).
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

let onSignedOut: (() => void) | null = null;
/** Called when the server says the session is over (idle timeout, disabled, signed out elsewhere). */
export const setSignedOutHandler = (handler: (() => void) | null) => {
  onSignedOut = handler;
};

type Query = Record<string, string | number | undefined | null>;

export function staffUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Calls /api/staff with the session cookie (same origin) and the CSRF token; answers `data`. */
export async function staffApi<T>(path: string, options: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; query?: Query; quiet401?: boolean } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[STAFF_CSRF_HEADER] = csrfToken;
  let response: Response;
  try {
    response = await fetch(staffUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new StaffApiError(0, 'No connection to the server. Check the network and try again.');
  }
  const payload = (await response.json().catch(() => null)) as { data?: T; error?: string } | null;
  if (!response.ok) {
    if (response.status === 401 && !options.quiet401) onSignedOut?.();
    throw new StaffApiError(response.status, payload?.error ?? `Request failed (${response.status})`);
  }
  return payload?.data as T;
}

/**
 * Sends a file's bytes as the body (its own Content-Type) with the CSRF token, reporting the share
 * sent so far (0 to 1): fetch cannot report an upload's progress, XMLHttpRequest can.
 */
export function staffUpload<T>(path: string, file: Blob, onProgress: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader(STAFF_CSRF_HEADER, csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new StaffApiError(0, 'No connection to the server. Check the network and try again.'));
    xhr.onload = () => {
      let payload: { data?: T; error?: string } | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as { data?: T; error?: string };
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(payload?.data as T);
      else {
        if (xhr.status === 401) onSignedOut?.();
        reject(new StaffApiError(xhr.status, payload?.error ?? `Upload failed (${xhr.status})`));
      }
    };
    xhr.send(file);
  });
}
