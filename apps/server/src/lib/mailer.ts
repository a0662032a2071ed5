import type { FastifyBaseLogger } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/support.ts';
import { mailCounts } from './metrics.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Writes the mail to the outbox (it is never lost from then on) and, with SMTP, starts sending it. */
  send(mail: Mail): Promise<void>;
  /** Sends what is due now, claimed by this instance; answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Sends due mail every `pollMs` from now on (the running server); `close` stops it. */
  start(): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log?: FastifyBaseLogger;
  logText?: boolean;
  /** A try that takes longer is a failure (connection, greeting and each reply); default 20 s. */
  timeoutMs?: number;
  /** Wait before the next try after `attempts` failed ones; default 1 min doubling, at most 1 h. */
  backoffMs?: (attempts: number) => number;
  /** Tries before a mail is left as `failed` for the operator; default 12 (about 7 hours). */
  maxAttempts?: number;
  pollMs?: number;
}

export const defaultBackoffMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
const BATCH = 20;

/**
 * Every mail goes to the outbox table first (issue 20), so none is lost when the mail server refuses,
 * times out or the process stops. With SMTP_URL, a worker in each instance claims due rows (FOR
 * UPDATE SKIP LOCKED, with a lease longer than a try may take: two instances never hold one row),
 * sends each through nodemailer and marks it sent; a failed try is tried again with backoff. Each mail
 * carries a Message-ID of its row, so if a server took a mail but its answer was lost, the rare second
 * copy is recognisable as the same message. Without SMTP_URL a mail is kept in the table. Only on the
 * demo install (`logText`) is its text written to the log, so a newcomer can read a reset code; an
 * operator's log never holds one.
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs })
    : null;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  const maxAttempts = options.maxAttempts ?? 12;
  const leaseSeconds = Math.ceil((timeoutMs * 3) / 1000) + 30;
  const host = (() => {
    try {
      return new URL(options.smtpUrl ?? 'smtp://shop.local').hostname || 'shop.local';
    } catch {
      return 'shop.local';
    }
  })();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let closed = false;

  const claim = async () => {
    const result = await options.db.execute<{ id: number; recipient: string; subject: string; body: string; attempts: number; created_at: string }>(sql`
      update outbox set claimed_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where id in (
        select id from outbox
        where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        order by id limit ${BATCH}
        for update skip locked)
      returning id, recipient, subject, body, attempts, created_at`);
    return Array.isArray(result) ? result : (result as unknown as { rows: typeof result extends (infer R)[] ? R[] : never }).rows;
  };

  const deliverOnce = async (): Promise<number> => {
    if (!transport) return 0;
    let sent = 0;
    for (const row of await claim()) {
      try {
        await transport.sendMail({
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.body,
          messageId: `<outbox-${row.id}-${new Date(row.created_at).getTime()}@${host}>`,
        });
        await options.db.update(outbox).set({ status: 'sent', sentAt: sql`now()` as unknown as Date, claimedUntil: null, lastError: null }).where(eq(outbox.id, row.id));
        mailCounts.sent++;
        sent++;
      } catch (err) {
        const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
        const last = row.attempts >= maxAttempts;
        await options.db
          .update(outbox)
          .set({ status: last ? 'failed' : 'pending', claimedUntil: null, lastError: reason, nextAttemptAt: new Date(Date.now() + backoff(row.attempts)) })
          .where(eq(outbox.id, row.id));
        mailCounts.failed++;
        options.log?.warn({ mail: row.id, attempts: row.attempts, cause: reason }, last ? 'mail not sent after its last try; left as failed in the outbox' : 'mail not sent; it will be tried again');
      }
    }
    return sent;
  };

  const deliverDue = (): Promise<number> => {
    // One run at a time in an instance; a call meanwhile waits for it and runs again.
    const next = (running ?? Promise.resolve(0)).catch(() => 0).then(() => deliverOnce());
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  };

  return {
    async send(mail) {
      await options.db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text, status: transport ? 'pending' : 'kept' });
      mailCounts.queued++;
      if (transport) {
        // Sent now, in the background: the caller's answer does not wait on the mail server.
        if (!closed) deliverDue().catch((err: unknown) => options.log?.warn({ cause: err instanceof Error ? err.message : String(err) }, 'outbox delivery failed'));
        return;
      }
      // On the demo install the log is where a newcomer reads the mail (a reset code, README).
      if (options.logText) options.log?.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox table (no SMTP_URL)');
      else options.log?.info({ subject: mail.subject }, 'mail kept in the outbox table (no SMTP_URL)');
    },
    deliverDue,
    start() {
      if (!transport || timer) return;
      timer = setInterval(() => {
        deliverDue().catch((err: unknown) => options.log?.warn({ cause: err instanceof Error ? err.message : String(err) }, 'outbox delivery failed'));
      }, options.pollMs ?? 5_000);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
      transport?.close();
    },
  };
}

/** Mail in the outbox not yet sent, of every instance (for /metrics). */
export async function outboxWaiting(db: Db): Promise<{ waiting: number; failing: number }> {
  const [waiting] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'pending'));
  const [failing] = await db.select({ n: count() }).from(outbox).where(and(eq(outbox.status, 'pending'), sql`${outbox.attempts} > 0`));
  const [failed] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed'));
  return { waiting: waiting?.n ?? 0, failing: (failing?.n ?? 0) + (failed?.n ?? 0) };
}
