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
 * With SMTP_URL, mail goes out through nodemailer. Without it (a machine with no mail server),
 * mail is kept in the outbox table and announced in the log, so a developer can read reset codes.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log?: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      await options.db.insert(outbox).values({ recipient: mail.to, subject: mail.subject, body: mail.text });
      // Without a mail server the log is where a developer reads the mail (a reset code, README).
      options.log?.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox table (no SMTP_URL)');
    },
  };
}
