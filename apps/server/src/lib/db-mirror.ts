import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { CatalogueReads } from '../app-deps.ts';
import type { Db } from '../db/client.ts';
import { catalogueVersions } from '../db/schema/catalogue.ts';

/**
 * A copy in memory of some tables, kept in step with the database by the change counters of
 * catalogue_versions (migrations 0007 and 0008: statement triggers raise a table's counter on every
 * write). The counters are read at most every `maxStaleMs` (0: before every use, as tests need, so
 * they read their own writes); a moved counter of a `reloadOn` table loads the copy again, of another
 * table calls `onChange` (to drop what was derived from it). It follows writes by any server instance
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
}

export function createDbMirror<S>(db: Db, options: MirrorOptions<S>) {
  let snapshot: S | null = null;
  let versions = new Map<string, number>();
  let loadedAt = 0;
  let checkedAt = -Infinity;
  let refreshing: Promise<void> | null = null;
  let generation = 0;
  let following = false;

  const readVersions = async () => {
    const rows = await db.select().from(catalogueVersions).where(inArray(catalogueVersions.name, [...options.tables]));
    return new Map(rows.map((r) => [r.name, Number(r.version)]));
  };

  const refresh = (): Promise<void> => {
    refreshing ??= (async () => {
      const started = Date.now();
      // A failed check (the database away) is tried again after maxStaleMs, not on every request.
      checkedAt = started;
      const now = await readVersions();
      const moved = options.tables.filter((t) => now.get(t) !== versions.get(t));
      const copy = snapshot;
      const reload = !copy || started - loadedAt >= options.fullReloadMs || moved.some((t) => options.reloadOn.includes(t));
      // Answers built from SQL are out of date now, not only once the copy has loaded.
      if (moved.length > 0) generation++;
      if (reload) {
        const loaded = await options.load();
        snapshot = loaded;
        loadedAt = started;
        options.onLoad?.(loaded, Date.now() - started);
      } else {
        for (const t of moved) options.onChange?.(copy, t);
      }
      versions = now;
      if (reload || moved.length > 0) generation++;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
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
      const timer = setInterval(() => refresh().catch(() => {}), Math.max(options.maxStaleMs, 1));
      timer.unref();
      return () => {
        clearInterval(timer);
        following = false;
      };
    },
    /** What caches of answers derived from these tables are keyed by (see above). */
    generation(): number {
      return generation;
    },
  };
}

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
    /** The instance's in-memory copies (decorated by the health module). */
    copies: CopyState[];
  }
}

/**
 * How the server runs a copy (CatalogueReads, decided where the app is built): a test reads the
 * counters before every use (it reads its own writes); a running server once a second, loads at
 * start and logs each load. Spread the options into the copy's own, then pass the copy to `start`.
 */
export function serverMirror(app: FastifyInstance, reads: Pick<CatalogueReads, 'followMs' | 'warmAtStart' | 'logLoads'>, name: string) {
  const log = app.log;
  // Readiness waits for every copy's first load; metrics report each load (tests load on demand: ready).
  const state: CopyState = { name, loaded: !reads.warmAtStart, lastLoadAt: null, lastLoadMs: null };
  if (app.hasDecorator('copies')) app.copies.push(state);
  return {
    maxStaleMs: reads.followMs,
    onLoad: (info: object) => {
      const ms = (info as { ms?: unknown }).ms;
      state.loaded = true;
      state.lastLoadAt = Date.now();
      state.lastLoadMs = typeof ms === 'number' ? ms : null;
      if (reads.logLoads) log.info(info, `${name} loaded`);
    },
    /** Loads at start (a running server); until then, and if that fails until the next check, callers use SQL. */
    start(copy: { warm(): Promise<void>; follow(): () => void }) {
      if (!reads.warmAtStart) return;
      copy.warm().catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, `${name} not loaded; answering from SQL`));
      const stop = copy.follow();
      app.addHook('onClose', async () => stop());
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
  return { current: mirror.current, warm: mirror.warm, follow: mirror.follow, generation: mirror.generation };
}
