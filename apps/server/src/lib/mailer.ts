import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/support.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes out through nodemailer. Without it, mail is kept in the outbox table.
 * Only on the demo install (`logText`) is its text written to the log, so a newcomer can read a
 * reset code; an operator's log never holds one.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log?: FastifyBaseLogger; logText?: boolean }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      await options.db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text });
      // On the demo install the log is where a newcomer reads the mail (a reset code, README).
      if (options.logText) options.log?.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox table (no SMTP_URL)');
      else options.log?.info({ subject: mail.subject }, 'mail kept in the outbox table (no SMTP_URL)');
    },
  };
}
