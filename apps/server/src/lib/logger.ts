import type { Writable } from 'node:stream';
import pino, { type Logger, type LoggerOptions } from 'pino';

/**
 * The one list of what is secret, for the whole server: a field whose name matches is never written
 * to the log (any depth of a log line) nor to the audit log (modules/audit). Authorization and cookie
 * headers, passwords and their hashes, tokens (session, CSRF, reset), TOTP secrets and recovery codes.
 */
export const SECRET_KEY = /password|secret|token|hash|recovery|authorization|cookie|csrf|reset_?code|otp/i;
export const REDACTED = '[redacted]';

/** A copy of `value` with every secret field (SECRET_KEY) replaced by REDACTED. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? REDACTED : redactSecrets(v, depth + 1);
  return out;
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
