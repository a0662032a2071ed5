import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AppDeps, CatalogueReads } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { collectGarbageSoon } from './collect-garbage.ts';
import { catalogueChanges, catalogueVersions } from '../db/schema/catalogue.ts';

/**
 * A copy in memory of some tables, kept in step with the database by the change counters of
 * catalogue_versions (migrations 0007 and 0008: statement triggers raise a table's counter on every
 * write). The counters are read at most every `maxStaleMs` (0: before every use, as tests need, so
 * they read their own writes) and whenever `wake()` is called (a NOTIFY); a moved counter of a
 * `reloadOn` table loads the copy again, unless it is the `patch` table and the change feed
 * (catalogue_changes, migration 0021) names the rows that moved, of another table calls `onChange`
 * (to drop what was derived from it). It follows writes by any server instance
 * or tool. Until the first load is done, `current()` answers null and callers use SQL.
 *
 * Caches of answers derived from these tables follow `generation()`: it moves when the counters are
 * seen to move (answers built from SQL are out of date from then) and again when the copy has taken
 * the change in (answers built from the copy are out of date then). An answer is kept only for the
 * generation it was built under, so a write shows everywhere within one read of the counters
 * (`follow`: every maxStaleMs, whether or not requests come) plus the copy's load.
 */
export interface MirrorOptions<S> {
  /** Names in catalogue_versions this copy depends on. */
  tables: readonly string[];
  /** Tables whose change means loading everything again. */
  reloadOn: readonly string[];
  load(): Promise<S>;
  /** A change of a table not in reloadOn. */
  onChange?(snapshot: S, table: string): void;
  maxStaleMs: number;
  /** Loaded again after this long even without a change (what the counters do not see). */
  fullReloadMs: number;
  onLoad?(snapshot: S, ms: number): void;
  /**
   * reloadOn tables whose changed row ids the change feed records (catalogue_changes, migrations 0022
   * and 0024; the ids of every table one kind of row, e.g. marketplace product ids): when only these
   * moved, every version between the copy's and the counter's is there and they name at most maxRows
   * rows together, `apply` makes the next copy from the current one and those ids (read again from
   * the database) instead of a full load.
   */
  patch?: { tables: readonly string[]; maxRows: number; apply(snapshot: S, ids: readonly number[]): Promise<S> };
  onPatch?(snapshot: S, info: { rows: number; ms: number }): void;
}

/**
 * The row ids changed in `table` after version `from` up to `to`, or null when the change log lacks a
 * version in between (a statement that logged nothing, or entries trimmed away): then only a full load
 * is sure to be right.
 */
export async function changedRows(db: Db, table: string, from: number, to: number): Promise<number[] | null> {
  if (to < from) return null;
  if (to === from) return [];
  const rows = await db
    .select({ version: catalogueChanges.version, rowId: catalogueChanges.rowId })
    .from(catalogueChanges)
    .where(and(eq(catalogueChanges.tableName, table), gt(catalogueChanges.version, from), lte(catalogueChanges.version, to)));
  const versions = new Set(rows.map((r) => Number(r.version)));
  if (versions.size !== to - from) return null;
  return [...new Set(rows.map((r) => r.rowId))];
}

/**
 * One reader of the change counters per database and period: every follower of that database (the
 * copies, the answer caches' followers, the price schedule) gets the same read, so an idle server
 * asks the database once per period, not once per follower. The embedded database runs each query
 * on the server's own thread (a few ms each), and five followers each reading every second cost an
 * idle server 24 ms of CPU per second.
 */
type OnRead = (versions: ReadonlyMap<string, number>, read: number) => void;
interface CounterReader {
  subscribers: Set<OnRead>;
  stop(): void;
}
const counterReaders = new WeakMap<Db, Map<number, CounterReader>>();

/** Every read of the change counters in this process is numbered (issue 38: tests wait for reads, not for time). */
let countersRead = 0;
/** What each database's following copies and caches have taken in, for `followersBehind`. */
const followersOf = new WeakMap<Db, Set<{ tables: readonly string[]; takenIn(): number }>>();

/** The number the next read of the change counters gets: it sees every write committed before this call. */
export function nextCounterRead(): number {
  return countersRead + 1;
}

/**
 * The following copies and caches of `db` (by their tables) that have not yet taken in a read of the
 * counters numbered `read` or later, i.e. not yet shown every write committed before
 * `nextCounterRead()` answered `read`. Empty: every instance following `db` answers them. What the tests
 * wait for instead of a span of time; the time it takes is a benchmark's (bench/freshness.ts).
 */
export function followersBehind(db: Db, read: number): string[] {
  return [...(followersOf.get(db) ?? [])].filter((f) => f.takenIn() < read).map((f) => f.tables.join(','));
}

/** Calls `onRead` with every counter (and the read's number) every `everyMs`, from one read shared by all such followers; returns the stop. */
export function followCounters(db: Db, everyMs: number, onRead: OnRead): () => void {
  let byPeriod = counterReaders.get(db);
  if (!byPeriod) {
    byPeriod = new Map();
    counterReaders.set(db, byPeriod);
  }
  let reader = byPeriod.get(everyMs);
  if (!reader) {
    const subscribers = new Set<OnRead>();
    let reading = false;
    const timer = setInterval(() => {
      if (reading) return;
      reading = true;
      const read = ++countersRead;
      db.select()
        .from(catalogueVersions)
        .then((rows) => {
          const versions = new Map(rows.map((r) => [r.name, Number(r.version)]));
          for (const onEach of subscribers) onEach(versions, read);
        })
        // The database away: the next period tries again.
        .catch(() => {})
        .finally(() => {
          reading = false;
        });
    }, Math.max(everyMs, 1));
    timer.unref();
    const periods = byPeriod;
    reader = {
      subscribers,
      stop: () => {
        clearInterval(timer);
        periods.delete(everyMs);
      },
    };
    byPeriod.set(everyMs, reader);
  }
  const own = reader;
  own.subscribers.add(onRead);
  return () => {
    own.subscribers.delete(onRead);
    if (own.subscribers.size === 0) own.stop();
  };
}

export function createDbMirror<S>(db: Db, options: MirrorOptions<S>) {
  let snapshot: S | null = null;
  let versions: ReadonlyMap<string, number> = new Map<string, number>();
  let loadedAt = 0;
  let checkedAt = -Infinity;
  let refreshing: Promise<void> | null = null;
  let generation = 0;
  let following = false;
  /** The number of the last read of the counters this copy has taken in. */
  let takenIn = 0;

  const readVersions = async () => {
    const rows = await db.select().from(catalogueVersions).where(inArray(catalogueVersions.name, [...options.tables]));
    return new Map(rows.map((r) => [r.name, Number(r.version)]));
  };

  /** `known`: counters read a moment ago by the shared reader (followCounters, read number `knownRead`), else read here. */
  const refresh = (known?: ReadonlyMap<string, number>, knownRead = 0): Promise<void> => {
    refreshing ??= (async () => {
      const started = Date.now();
      // A failed check (the database away) is tried again after maxStaleMs, not on every request.
      checkedAt = started;
      const read = known ? knownRead : ++countersRead;
      const now = known ?? (await readVersions());
      const moved = options.tables.filter((t) => now.get(t) !== versions.get(t));
      let copy = snapshot;
      const movedReload = moved.filter((t) => options.reloadOn.includes(t));
      let reload = !copy || started - loadedAt >= options.fullReloadMs || movedReload.length > 0;
      // Answers built from SQL are out of date now, not only once the copy has loaded.
      if (moved.length > 0) generation++;
      const patch = options.patch;
      if (copy && reload && patch && started - loadedAt < options.fullReloadMs && movedReload.every((t) => patch.tables.includes(t))) {
        let ids: number[] | null = [];
        for (const t of movedReload) {
          const rows = await changedRows(db, t, versions.get(t) ?? -1, now.get(t) ?? -1);
          if (!rows) {
            ids = null;
            break;
          }
          ids = [...new Set([...ids, ...rows])];
        }
        if (ids && ids.length <= patch.maxRows) {
          copy = await patch.apply(copy, ids);
          snapshot = copy;
          reload = false;
          options.onPatch?.(copy, { rows: ids.length, ms: Date.now() - started });
        }
      }
      if (reload) {
        const loaded = await options.load();
        snapshot = loaded;
        loadedAt = started;
        options.onLoad?.(loaded, Date.now() - started);
      } else if (copy) {
        for (const t of moved) if (!options.reloadOn.includes(t)) options.onChange?.(copy, t);
      }
      versions = now;
      if (reload || moved.length > 0) generation++;
      takenIn = Math.max(takenIn, read);
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  // A wake while a refresh runs may come from a commit that refresh did not see: one more after it.
  let wakeAgain = false;
  const wake = () => {
    if (refreshing) {
      wakeAgain = true;
      return;
    }
    refresh()
      .catch(() => {})
      .finally(() => {
        if (wakeAgain) {
          wakeAgain = false;
          wake();
        }
      });
  };

  return {
    /** The copy to answer from, or null (not loaded yet). */
    async current(): Promise<S | null> {
      if (!following && Date.now() - checkedAt >= options.maxStaleMs) {
        const running = refresh();
        // Tests wait for their own writes; a server answers from the copy it has (or from SQL while
        // the first load runs) and takes up the new one when it is ready.
        if (options.maxStaleMs === 0) await running;
        else running.catch(() => {});
      }
      return snapshot;
    },
    /** Loads now (server start), without waiting for a caller to ask. */
    warm(): Promise<void> {
      return refresh();
    },
    /**
     * Reads the counters every maxStaleMs from now on, requests or not (a change must show within a
     * bound in wall-clock time, also to the first request after a quiet hour); returns the stop.
     */
    follow(): () => void {
      following = true;
      const stop = followCounters(db, options.maxStaleMs, (known, read) => {
        // A refresh still running (a load) takes the counters it read; the next period sees the rest.
        if (!refreshing) refresh(known, read).catch(() => {});
      });
      const follower = { tables: options.tables, takenIn: () => takenIn };
      const followers = followersOf.get(db) ?? new Set();
      followersOf.set(db, followers.add(follower));
      return () => {
        stop();
        followers.delete(follower);
        following = false;
      };
    },
    /** Reads the counters now (a NOTIFY of the change feed said they moved). */
    wake,
    /** What caches of answers derived from these tables are keyed by (see above). */
    generation(): number {
      return generation;
    },
  };
}

/** What the change feed's triggers NOTIFY (migration 0021). */
export const CHANGE_CHANNEL = 'catalogue_changes';

/** One in-memory copy as readiness and /metrics see it. */
export interface CopyState {
  name: string;
  /** Its first load is done (until then the instance answers from SQL, slower). */
  loaded: boolean;
  lastLoadAt: number | null;
  lastLoadMs: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's in-memory copies (decorated on the root by app.ts, so every module's plugin adds to the same list). */
    copies: CopyState[];
  }
}

/**
 * How the server runs a copy (CatalogueReads, decided where the app is built): a test reads the
 * counters before every use (it reads its own writes); a running server once a second, loads at
 * start and logs each load. Spread the options into the copy's own, then pass the copy to `start`.
 */
export function serverMirror(app: FastifyInstance, reads: Pick<CatalogueReads, 'copies' | 'followMs' | 'warmAtStart' | 'logLoads'>, name: string) {
  const log = app.log;
  // Readiness waits for every copy's first load; metrics report each load (tests load on demand: ready).
  // With CATALOGUE_COPIES=off only the change counters are followed: no copy loads, SQL answers every
  // read from the first request, so nothing is registered for readiness to wait on (it would wait forever).
  const state: CopyState = { name, loaded: !reads.warmAtStart, lastLoadAt: null, lastLoadMs: null };
  if (reads.copies && app.hasDecorator('copies')) app.copies.push(state);
  return {
    maxStaleMs: reads.followMs,
    onLoad: (info: object) => {
      const ms = (info as { ms?: unknown }).ms;
      state.loaded = true;
      state.lastLoadAt = Date.now();
      state.lastLoadMs = typeof ms === 'number' ? ms : null;
      if (reads.logLoads) log.info(info, `${name} loaded`);
      // A running server collects the load's garbage at once rather than keeping it resident until the
      // old generation's next limit (lib/collect-garbage.ts; tests load often and skip it).
      if (reads.warmAtStart) collectGarbageSoon((ms) => log.info({ ms: Math.round(ms) }, 'garbage collected after a copy load'));
    },
    /** A change taken in from the change feed, without a full load. */
    onPatch: (info: object) => {
      if (reads.logLoads) log.info(info, `${name} patched`);
    },
    /**
     * Loads at start (a running server); until then, and if that fails until the next check, callers
     * use SQL. With `listen` (the database's, AppDeps), a NOTIFY on `channel` reads the counters at
     * once; the timer stays as the fallback.
     */
    start(copy: { warm(): Promise<void>; follow(): () => void; wake?(): void }, listen?: AppDeps['listen'], channel = CHANGE_CHANNEL) {
      if (!reads.warmAtStart) return;
      copy.warm().catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, `${name} not loaded; answering from SQL`));
      const stop = copy.follow();
      const wake = copy.wake;
      const unlisten = listen && wake ? listen(channel, () => wake()) : undefined;
      unlisten?.catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, `${name}: no LISTEN for changes; the counters are read every ${reads.followMs} ms`));
      app.addHook('onClose', async () => {
        stop();
        await (await unlisten?.catch(() => undefined))?.();
      });
    },
  };
}

/**
 * The change counters of some tables without a copy (CATALOGUE_COPIES=off): what caches of answers
 * key on, so an answer is dropped when its tables change. `current()` reads the counters as a copy's
 * would (before every use when maxStaleMs is 0).
 */
export function createChangeFollower(db: Db, tables: readonly string[], maxStaleMs: number) {
  const mirror = createDbMirror<true>(db, { tables, reloadOn: [], load: async () => true, maxStaleMs, fullReloadMs: Number.POSITIVE_INFINITY });
  return { current: mirror.current, warm: mirror.warm, follow: mirror.follow, wake: mirror.wake, generation: mirror.generation };
}
