import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db, DbKind } from '../db/client.ts';
import { ACCESS_TTL_MS, REVOKED_CHANNEL, recentlyRevoked } from './sessions.ts';

/**
 * What this instance knows of revoked sessions, so the check on every request is a lookup in
 * memory, not a database round trip (issue 14). A revocation is announced with NOTIFY at commit
 * (lib/sessions.ts) and heard here through LISTEN: every instance shares the database, so this
 * works the same with one PGlite instance, several PostgreSQL ones and with or without Redis.
 * A session id is kept until every token it had can have expired (15 minutes), so the set stays
 * small. At start and after a lost connection the recent revocations are read from the table, so
 * a message missed while disconnected is caught up; and renewal (every 7.5 minutes of use) asks
 * the table itself, which bounds what any missed message could let through.
 */
export interface RevocationWatch {
  isRevoked(sid: string): boolean;
  add(ids: string[], revokedAt?: number): void;
  /** Resolves once the instance listens and knows the recent revocations. */
  ready: Promise<void>;
  close(): Promise<void>;
}

// Instances' clocks may differ a little: a revoked id is kept a minute past the last token's end.
const KEEP_MS = ACCESS_TTL_MS + 60_000;
const RECONNECT_MS = 1_000;

export function watchRevocations(db: Db, kind: DbKind, onError: (err: unknown) => void): RevocationWatch {
  const revoked = new Map<string, number>();
  let adds = 0;
  let closed = false;

  const add = (ids: string[], revokedAt = Date.now()) => {
    if (++adds % 500 === 0) {
      const now = Date.now();
      for (const [id, forgetAt] of revoked) if (forgetAt <= now) revoked.delete(id);
    }
    for (const id of ids) revoked.set(id, revokedAt + KEEP_MS);
  };
  const catchUp = async () => {
    for (const r of await recentlyRevoked(db)) add([r.id], r.revokedAt);
  };
  const heard = (payload: string | undefined) => {
    if (payload) add([payload]);
  };

  let stop: () => Promise<void> = async () => {};
  let ready: Promise<void>;
  if (kind === 'pglite') {
    const client = (db as unknown as { $client: PGlite }).$client;
    ready = client.listen(REVOKED_CHANNEL, heard).then(async (unlisten) => {
      stop = () => unlisten();
      await catchUp();
    });
  } else {
    // A connection of its own, outside the pool: LISTEN holds it for the life of the instance.
    const options = (db as unknown as { $client: pg.Pool }).$client.options;
    let conn: pg.Client | null = null;
    let retry: NodeJS.Timeout | null = null;
    const schedule = () => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = null;
        connect().catch((err) => {
          onError(err);
          schedule();
        });
      }, RECONNECT_MS);
      retry.unref();
    };
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString: options.connectionString, host: options.host, port: options.port, user: options.user, password: options.password as string | undefined, database: options.database, ssl: options.ssl });
      c.on('notification', (m) => heard(m.payload));
      const lost = (err?: unknown) => {
        if (conn !== c || closed) return;
        conn = null;
        if (err) onError(err);
        c.end().catch(() => {});
        schedule();
      };
      c.on('error', lost);
      c.on('end', () => lost());
      conn = c;
      await c.connect();
      await c.query(`listen ${REVOKED_CHANNEL}`);
      await catchUp();
    };
    ready = connect();
    stop = async () => {
      if (retry) clearTimeout(retry);
      const c = conn;
      conn = null;
      await c?.end().catch(() => {});
    };
  }

  return {
    isRevoked(sid) {
      const forgetAt = revoked.get(sid);
      return forgetAt !== undefined && forgetAt > Date.now();
    },
    add,
    ready,
    async close() {
      closed = true;
      await ready.catch(() => {});
      await stop();
    },
  };
}
