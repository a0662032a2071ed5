// Issue 35: the areas' CSV file (city, area, store_id, active), like the catalogue's: a preview with
// line-numbered reasons that changes nothing, an apply in one transaction (only of exactly what the
// preview showed, by its fingerprint) with one audit entry, and the export that reads back unchanged.
// Areas the file does not name are left as they are (an area is never removed by a file).
import { createHash } from 'node:crypto';
import { csvLine } from '@shop/domain/finance';
import {
  AREA_CSV_COLUMNS,
  AREA_CSV_HAS_ERRORS,
  AREA_CSV_ROWS_MAX,
  AREA_CSV_STALE_PREVIEW,
  type AreaCsvPreview,
  AreaCsvFileError,
  areaCsvLayout,
  NOT_UTF8,
  readAreaCsvRow,
} from '@shop/domain/places';
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { areas, cities } from '../../db/schema/places.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor } from '../businesses/businesses.service.ts';

interface AreaState {
  cityId: number;
  name: string;
  storeId: number;
  active: boolean;
}
interface Plan {
  creates: AreaState[];
  updates: { id: number; before: AreaState; after: AreaState }[];
  preview: AreaCsvPreview;
}

/** The file's records with the line each starts on (the header is line 1); a file that is not CSV is a 400. */
function records(text: string): { cells: string[]; line: number }[] {
  try {
    const parsed = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return parsed.map((r) => ({ cells: r.record, line: r.info.lines }));
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(`The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check its quotes and separators (commas).`);
  }
}

const key = (cityId: number, name: string) => `${cityId}/${name.toLowerCase()}`;

/** What the file would change against the areas as they are (`db` may be the apply's transaction). */
async function plan(db: Db, text: string): Promise<Plan> {
  const [head, ...rows] = records(text);
  if (!head) throw badRequest('The file is empty.');
  if (head.cells.some((c) => c.includes('\uFFFD'))) throw badRequest(`Line 1 (the header): ${NOT_UTF8}`);
  if (rows.length > AREA_CSV_ROWS_MAX) throw badRequest(`The file has ${rows.length} rows; at most ${AREA_CSV_ROWS_MAX} are taken at once. Split it.`);
  let layout: ReturnType<typeof areaCsvLayout>;
  try {
    layout = areaCsvLayout(head.cells);
  } catch (err) {
    if (err instanceof AreaCsvFileError) throw badRequest(err.message);
    throw err;
  }
  const cityRows = await db.select({ id: cities.id, name: cities.name }).from(cities);
  const cityByName = new Map(cityRows.map((c) => [c.name.toLowerCase(), c]));
  const existing = new Map((await db.select().from(areas)).map((a) => [key(a.cityId, a.name), a]));

  const preview: AreaCsvPreview = { rows: rows.length, new_rows: [], changed: [], unchanged: 0, errors: [], fingerprint: '' };
  const creates: Plan['creates'] = [];
  const updates: Plan['updates'] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of rows) {
    const read = readAreaCsvRow(cells, layout);
    if ('errors' in read) {
      preview.errors.push({ line, reasons: read.errors });
      continue;
    }
    const { row } = read;
    const city = cityByName.get(row.city.toLowerCase());
    if (!city) {
      preview.errors.push({ line, reasons: [`There is no city named "${row.city}". Add the city first (Cities), then import its areas.`] });
      continue;
    }
    const k = key(city.id, row.area);
    const first = seen.get(k);
    if (first !== undefined) {
      preview.errors.push({ line, reasons: [`${city.name} / ${row.area} is also on line ${first}; a file names each area once.`] });
      continue;
    }
    seen.set(k, line);
    const after: AreaState = { cityId: city.id, name: row.area, storeId: row.store_id, active: row.active };
    const found = existing.get(k);
    if (!found) {
      creates.push(after);
      preview.new_rows.push({ line, city: city.name, area: row.area, store_id: row.store_id, active: row.active });
      continue;
    }
    const before: AreaState = { cityId: found.cityId, name: found.name, storeId: found.storeId, active: found.active };
    const changes: AreaCsvPreview['changed'][number]['changes'] = [];
    if (before.storeId !== after.storeId) changes.push({ field: 'store_id', old: String(before.storeId), new: String(after.storeId) });
    if (before.active !== after.active) changes.push({ field: 'active', old: before.active ? 'yes' : 'no', new: after.active ? 'yes' : 'no' });
    if (changes.length === 0) {
      preview.unchanged++;
      continue;
    }
    // The area keeps its name as stored (the file matched it whatever its capitals).
    updates.push({ id: found.id, before, after: { ...after, name: found.name } });
    preview.changed.push({ line, city: city.name, area: found.name, changes });
  }
  preview.fingerprint = createHash('sha256')
    .update(JSON.stringify([creates, updates, preview.errors.length]))
    .digest('hex');
  return { creates, updates, preview };
}

/** What the file would change; nothing is written. */
export async function previewAreasCsv(db: Db, text: string): Promise<AreaCsvPreview> {
  return (await plan(db, text)).preview;
}

/** Applies the file in one transaction, only with no bad row and exactly the changes its preview showed. */
export async function applyAreasCsv(db: Db, actor: StaffActor, input: { file_name: string; csv: string; fingerprint: string }) {
  return db.transaction(async (tx) => {
    // One import at a time: a second one waits, then sees the first's areas (and a stale fingerprint).
    await tx.execute(sql`lock table areas in share row exclusive mode`);
    const p = await plan(tx as unknown as Db, input.csv);
    if (p.preview.errors.length > 0) throw badRequest(AREA_CSV_HAS_ERRORS);
    if (p.preview.fingerprint !== input.fingerprint) throw conflict(AREA_CSV_STALE_PREVIEW);
    for (const u of p.updates) await tx.update(areas).set({ storeId: u.after.storeId, active: u.after.active }).where(eq(areas.id, u.id));
    for (let i = 0; i < p.creates.length; i += 1000) await tx.insert(areas).values(p.creates.slice(i, i + 1000));
    const cityIds = [...new Set([...p.creates, ...p.updates.map((u) => u.after)].map((a) => a.cityId))].sort((a, b) => a - b);
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'areas.import',
      entity: 'areas',
      entityId: cityIds.join(',') || '-',
      before: p.updates.length > 0 ? { changed: p.updates.map((u) => ({ area: u.before.name, city_id: u.before.cityId, store_id: u.before.storeId, active: u.before.active })) } : null,
      after: {
        file_name: input.file_name,
        created: p.creates.length,
        updated: p.updates.length,
        unchanged: p.preview.unchanged,
        new_areas: p.creates.map((a) => ({ area: a.name, city_id: a.cityId, store_id: a.storeId, active: a.active })),
      },
    });
    return { created: p.creates.length, updated: p.updates.length };
  });
}

/** Every area (or one city's) as the import reads it, ordered by city and name. */
export async function exportAreasCsv(db: Db, cityId?: number): Promise<string> {
  const rows = await db
    .select({ city: cities.name, area: areas.name, storeId: areas.storeId, active: areas.active })
    .from(areas)
    .innerJoin(cities, eq(cities.id, areas.cityId))
    .where(cityId === undefined ? undefined : eq(areas.cityId, cityId))
    .orderBy(asc(cities.name), asc(areas.name), asc(areas.id));
  return [csvLine(AREA_CSV_COLUMNS), ...rows.map((r) => csvLine([r.city, r.area, r.storeId, r.active ? 'yes' : 'no']))].join('');
}
