import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
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
function mailer(smtpUrl: string, options: { timeoutMs?: number; maxAttempts?: number } = {}) {
  const m = createMailer({ smtpUrl, from: 'Shop <shop@test.pk>', db: database.db, timeoutMs: options.timeoutMs ?? 2_000, backoffMs: () => 150, maxAttempts: options.maxAttempts });
  open.mailers.push(m);
  return m;
}
const rows = () => database.db.select().from(outbox).orderBy(outbox.id);
const mail = (to: string) => ({ to, subject: `Order for ${to}`, text: 'Your order was placed.' });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
    await m.send(mail('refused@test.pk'));
    await m.deliverDue();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedUntil: null });
    expect(row?.lastError).toContain('Mailbox busy');
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await m.deliverDue()).toBe(0); // not before its time
    expect((await rows())[0]?.attempts).toBe(1);
    smtp.mode = 'accept';
    await pause(200);
    expect(await m.deliverDue()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.map((r) => r.to)).toEqual(['refused@test.pk']);
  });

  it('a server that never answers: the try times out, the mail stays, and goes out once the server answers', async () => {
    const smtp = await server('hang');
    const m = mailer(smtp.url, { timeoutMs: 1_000 });
    await m.send(mail('slow@test.pk'));
    await m.deliverDue();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/timeout|timed out/i);
    smtp.mode = 'accept';
    await pause(200);
    expect(await m.deliverDue()).toBe(1);
    expect(smtp.received.map((r) => r.to)).toEqual(['slow@test.pk']);
    expect((await rows())[0]?.status).toBe('sent');
  });

  it('no server at all: tried up to the last try, then left as failed for the operator, never dropped', async () => {
    const gone = await startSmtp('accept');
    await gone.close(); // its port now refuses connections
    const m = mailer(gone.url, { maxAttempts: 2 });
    await m.send(mail('nobody@test.pk'));
    await m.deliverDue();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await pause(200);
    await m.deliverDue();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, recipient: 'nobody@test.pk', body: 'Your order was placed.' });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    await pause(200);
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
