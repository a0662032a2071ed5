import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from './mailer.ts';

// Issue 14, point 10: only the demo install writes a mail's text (a reset code) to the log.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

function capture() {
  const lines: string[] = [];
  const log = { info: (obj: unknown, msg: string) => void lines.push(`${JSON.stringify(obj)} ${msg}`) } as unknown as FastifyBaseLogger;
  return { lines, log };
}

const mail = { to: 'buyer@test.pk', subject: 'Your password reset code', text: 'Use this code to reset your password:\n\n482913\n' };

describe('the mailer without SMTP_URL', () => {
  it('keeps mail in the outbox and never logs its text on an operator install', async () => {
    const { lines, log } = capture();
    await createMailer({ from: 'shop@test.pk', db: database.db, log }).send(mail);
    expect(lines).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('482913');
    const rows = (await database.db.execute(sql`select body from outbox`)) as unknown as { rows: { body: string }[] };
    expect(rows.rows.map((r) => r.body).join('\n')).toContain('482913');
  });

  it('logs the text on the demo install, where a newcomer reads reset codes there', async () => {
    const { lines, log } = capture();
    await createMailer({ from: 'shop@test.pk', db: database.db, log, logText: true }).send(mail);
    expect(lines.join('\n')).toContain('482913');
  });
});
