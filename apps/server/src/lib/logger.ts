import type { Writable } from 'node:stream';
import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * The one list of what is secret, for the whole server: a field whose name matches is never written
 * to the log (any depth of a log line) nor to the audit log (modules/audit). Authorization and cookie
 * headers, passwords and their hashes, tokens (session, CSRF, reset), TOTP secrets and recovery codes.
 */
export const SECRET_KEY = /password|secret|token|hash|recovery|authorization|cookie|csrf|reset_?code|otp/i;
export const REDACTED = '[redacted]';

/**
 * `value` with every secret field (SECRET_KEY) replaced by REDACTED: a copy where something was
 * replaced, the same object where nothing was. Only plain objects and arrays are walked, as a log
 * line's own data is: an instance of a class (Fastify's request and reply, a socket, an Error) is left
 * to pino's serializers, which write the few fields they name (the request's method and url, the
 * reply's status), never headers. Walking those instances cost more than the whole answer of a cached
 * listing (every request logs two lines) and lost what the serializers would have written.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = redactSecrets(value[i], depth + 1);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return out ?? value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let out: Record<string, unknown> | null = null;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    const kept = SECRET_KEY.test(k) ? REDACTED : redactSecrets(v, depth + 1);
    if (kept !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = kept;
  }
  return out ?? value;
}

export interface LogSettings {
  level: string;
  /** Readable lines (pino-pretty) instead of JSON: development only. */
  pretty?: boolean;
}

export function loggerOptions(settings: LogSettings): LoggerOptions {
  return {
    level: settings.level,
    formatters: { log: (object) => redactSecrets(object) as Record<string, unknown> },
    ...(settings.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
}

/**
 * The server's one logger: JSON lines in production (one object per line, for a log collector),
 * readable lines in development. Fastify's request lines carry the request's id as `reqId`.
 */
export function createLogger(settings: LogSettings, stream?: Writable | { write(line: string): void }): Logger {
  return stream ? pino(loggerOptions({ ...settings, pretty: false }), stream as Writable) : pino(loggerOptions(settings));
}
