import type { AddressInfo } from 'node:net';
import { eq, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from '../db/client.ts';
import { outbox } from '../db/schema/support.ts';
import { createMailer, type Mailer } from './mailer.ts';

// Issue 20: mail goes out through the outbox, against a real SMTP server started here: a server that
// refuses or never answers loses no mail, and no mail is sent twice, also by two instances at once.
type Mode = 'accept' | 'refuse' | 'hang';
interface Smtp {
  url: string;
  mode: Mode;
  received: { to: string; subject: string; messageId: string }[];
  close(): Promise<void>;
}

async function startSmtp(mode: Mode): Promise<Smtp> {
  const smtp: Smtp = { url: '', mode, received: [], close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => {
        data += d.toString();
      });
      stream.on('end', () => {
        if (smtp.mode === 'hang') return; // never answers the message
        if (smtp.mode === 'refuse') return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(data)?.[1]?.trim() ?? '';
        smtp.received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: header('Subject'), messageId: header('Message-ID') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  smtp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return smtp;
}

let database: Database;
let drop: () => Promise<void>;
const open: { mailers: Mailer[]; servers: Smtp[] } = { mailers: [], servers: [] };
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.delete(outbox);
  backoffs = [];
});
afterEach(async () => {
  for (const m of open.mailers.splice(0)) await m.close();
  for (const s of open.servers.splice(0)) await s.close();
});

async function server(mode: Mode) {
  const s = await startSmtp(mode);
  open.servers.push(s);
  return s;
}
/**
 * The backoff is an hour, so no try is ever made again on its own during a test however slow the
 * machine; the test lets the backoff pass by moving the row's next try into the past (`backoffPassed`),
 * so a try is counted, never timed. `backoffs` records each backoff asked for, by failed tries so far.
 */
const HOUR = 3_600_000;
let backoffs: number[] = [];
function mailer(smtpUrl: string, options: { timeoutMs?: number; maxAttempts?: number } = {}) {
  const m = createMailer({
    smtpUrl,
    from: 'Shop <shop@test.pk>',
    db: database.db,
    // Generous: a try against a server that answers never comes near it, however loaded the machine.
    timeoutMs: options.timeoutMs ?? 30_000,
    backoffMs: (attempts) => {
      backoffs.push(attempts);
      return HOUR;
    },
    maxAttempts: options.maxAttempts,
  });
  open.mailers.push(m);
  return m;
}
const rows = () => database.db.select().from(outbox).orderBy(outbox.id);
const mail = (to: string) => ({ to, subject: `Order for ${to}`, text: 'Your order was placed.' });
/** The backoff of every waiting mail is over: its next try is due now (as the clock would make it after the wait). */
const backoffPassed = () => database.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` as unknown as Date }).where(eq(outbox.status, 'pending'));
/** The row's next try is the backoff (an hour) after its failed try, which came between `from` and `to`. */
const waitsTheBackoff = (row: { nextAttemptAt: Date } | undefined, from: number, to: number) => {
  expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(from + HOUR);
  expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(to + HOUR);
};

describe('the outbox against a real SMTP server', () => {
  it('sends a mail once and marks it sent, with the Message-ID of its row', async () => {
    const smtp = await server('accept');
    const m = mailer(smtp.url);
    await m.send(mail('one@test.pk'));
    await m.deliverDue(); // after the delivery the send started
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimedUntil: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toEqual([{ to: 'one@test.pk', subject: 'Order for one@test.pk', messageId: expect.stringMatching(new RegExp(`^<outbox-${row?.id}-\\d+@127\\.0\\.0\\.1>$`)) }]);
    expect(await m.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('a server that refuses: the mail stays, is tried again after the backoff, and is sent once', async () => {
    const smtp = await server('refuse');
    const m = mailer(smtp.url);
    const sentAt = Date.now();
    await m.send(mail('refused@test.pk'));
    await m.deliverDue();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(row?.lastError).toContain('Mailbox busy');
    expect(backoffs).toEqual([1]);
    waitsTheBackoff(row, sentAt, Date.now());
    // Not before its time: however often the outbox is delivered meanwhile, no second try.
    smtp.mode = 'accept';
    for (let n = 0; n < 3; n++) expect(await m.deliverDue()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(1);
    expect(smtp.received).toEqual([]);
    await backoffPassed();
    expect(await m.deliverDue()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((r) => r.to)).toEqual(['refused@test.pk']);
    expect(backoffs).toEqual([1]);
  });

  it('a server that never answers: the try times out, the mail stays, and goes out once the server answers', async () => {
    const smtp = await server('hang');
    // The try against a server that never answers ends at this timeout, whatever the machine's load.
    const m = mailer(smtp.url, { timeoutMs: 1_000 });
    await m.send(mail('slow@test.pk'));
    await m.deliverDue();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/timeout|timed out/i);
    expect(backoffs).toEqual([1]);
    smtp.mode = 'accept';
    expect(await m.deliverDue()).toBe(0); // its backoff runs
    await backoffPassed();
    // The next try (an instance with the usual timeout, so a loaded machine's slow answer is no timeout).
    const next = mailer(smtp.url);
    expect(await next.deliverDue()).toBe(1);
    expect(smtp.received.map((r) => r.to)).toEqual(['slow@test.pk']);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('no server at all: tried up to the last try, then left as failed for the operator, never dropped', async () => {
    const gone = await startSmtp('accept');
    await gone.close(); // its port now refuses connections
    const m = mailer(gone.url, { maxAttempts: 2 });
    await m.send(mail('nobody@test.pk'));
    await m.deliverDue();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await backoffPassed();
    await m.deliverDue();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, recipient: 'nobody@test.pk', body: 'Your order was placed.' });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    expect(backoffs).toEqual([1, 2]);
    // Failed is final: past any backoff, it is not tried again.
    await database.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` as unknown as Date });
    await m.deliverDue();
    expect((await rows())[0]?.attempts).toBe(2);
  });

  it('two instances delivering the same outbox at once send every mail exactly once', async () => {
    const smtp = await server('accept');
    const a = mailer(smtp.url);
    const b = mailer(smtp.url);
    const to = Array.from({ length: 45 }, (_, i) => `buyer${i}@test.pk`);
    await database.db.insert(outbox).values(to.map((recipient) => ({ recipient, subject: `Order for ${recipient}`, body: 'x', status: 'pending' })));
    await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
    // Whatever one run left (each claims up to 20), the next takes.
    while ((await database.db.select().from(outbox).where(eq(outbox.status, 'pending'))).length > 0) await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(smtp.received.map((r) => r.to).sort()).toEqual([...to].sort());
    expect(await database.db.select().from(outbox).where(like(outbox.status, 'sent'))).toHaveLength(45);
    expect((await rows()).every((r) => r.attempts === 1)).toBe(true);
  });
});
