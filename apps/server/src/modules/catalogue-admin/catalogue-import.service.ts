// The catalogue's CSV file (issue 19): a preview that changes nothing, an apply in one transaction
// recorded as one batch, the batch's undo by a reverse batch, and the export that reads back unchanged.
import { createHash } from 'node:crypto';
import {
  CATALOGUE_CSV_COLUMNS,
  type CatalogueBatch,
  CSV_HAS_ERRORS,
  CSV_ROWS_MAX,
  CSV_STALE_PREVIEW,
  type CsvKind,
  type CsvPreview,
  CsvFileError,
  csvChanges,
  csvLayout,
  readCsvRow,
  STOCK_CSV_COLUMNS,
} from '@shop/domain/catalogue-admin';
import { csvLine } from '@shop/domain/finance';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { catalogueBatches, catalogueBatchRows } from '../../db/schema/catalogue-admin.ts';
import { isoTime } from '../../db/schema/common.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor } from './catalogue-admin.service.ts';
import { type CatalogueRefs, insertStates, loadRefs, type ProductState, readStates, stateCsvValues, type Tx, writeStates } from './catalogue-write.ts';

interface Plan {
  kind: CsvKind;
  creates: Omit<ProductState, 'id'>[];
  updates: { before: ProductState; after: ProductState }[];
  preview: CsvPreview;
  refs: CatalogueRefs;
}

/** The file's records with the line each ends on (the header is line 1); a file that is not CSV is a 400. */
function records(text: string): { cells: string[]; line: number }[] {
  try {
    const parsed = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    return parsed.map((r) => ({ cells: r.record, line: r.info.lines }));
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw badRequest(`The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check its quotes and separators (commas).`);
  }
}

/** Reads the file against the catalogue as it is (`db` may be the apply's transaction): what it would change. */
async function plan(db: Db, text: string, lock = false): Promise<Plan> {
  const [head, ...rows] = records(text);
  if (!head) throw badRequest('The file is empty.');
  if (rows.length > CSV_ROWS_MAX) throw badRequest(`The file has ${rows.length} rows; at most ${CSV_ROWS_MAX} are taken at once. Split it.`);
  let layout: ReturnType<typeof csvLayout>;
  try {
    layout = csvLayout(head.cells);
  } catch (err) {
    if (err instanceof CsvFileError) throw badRequest(err.message);
    throw err;
  }
  const refs = await loadRefs(db);
  const skuColumn = layout.columns.indexOf('sku');
  const skus = [...new Set(rows.map((r) => (r.cells[skuColumn] ?? '').trim()).filter(Boolean))];
  const states = new Map((await readStates(db, { skus }, lock)).map((s) => [s.sku, s]));

  const preview: CsvPreview = { kind: layout.kind, rows: rows.length, new_rows: [], changed: [], unchanged: 0, errors: [], fingerprint: '' };
  const creates: Plan['creates'] = [];
  const updates: Plan['updates'] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of rows) {
    const read = readCsvRow(cells, layout, refs.lookups, (sku) => !states.has(sku));
    const sku = (cells[skuColumn] ?? '').trim();
    if ('errors' in read) {
      preview.errors.push({ line, sku, reasons: read.errors });
      continue;
    }
    const first = seen.get(sku);
    if (first !== undefined) {
      preview.errors.push({ line, sku, reasons: [`The SKU ${sku} is also on line ${first}; a file names each product once.`] });
      continue;
    }
    seen.set(sku, line);
    const { row } = read;
    const before = states.get(sku);
    const v = row.values;
    if (!before) {
      creates.push({
        sku,
        name: v.name as string,
        brandId: row.brandId as number,
        categoryId: row.categoryId as number,
        businessTypeIds: [...(row.businessTypeIds ?? [])].sort((a, b) => a - b),
        price: v.price as string,
        salePrice: v.sale_price ? v.sale_price : null,
        tax: v.tax as string,
        stock: Number(v.stock),
        active: v.active === 'yes',
      });
      preview.new_rows.push({ line, sku, name: v.name as string });
      continue;
    }
    const changes = csvChanges(stateCsvValues(before, refs), v);
    if (changes.length === 0) {
      preview.unchanged++;
      continue;
    }
    const after: ProductState =
      layout.kind === 'stock'
        ? { ...before, stock: Number(v.stock) }
        : {
            ...before,
            name: v.name as string,
            brandId: row.brandId as number,
            categoryId: row.categoryId as number,
            businessTypeIds: [...(row.businessTypeIds ?? [])].sort((a, b) => a - b),
            price: v.price as string,
            salePrice: v.sale_price ? v.sale_price : null,
            tax: v.tax as string,
            stock: Number(v.stock),
            active: v.active === 'yes',
          };
    updates.push({ before, after });
    preview.changed.push({ line, sku, name: before.name, product_id: before.id, changes });
  }
  preview.fingerprint = createHash('sha256')
    .update(JSON.stringify([layout.kind, creates, updates.map((u) => [u.before, u.after]), preview.errors.length]))
    .digest('hex');
  return { kind: layout.kind, creates, updates, preview, refs };
}

/** What the file would change; nothing is written. */
export async function previewCsv(db: Db, text: string): Promise<CsvPreview> {
  return (await plan(db, text)).preview;
}

async function recordBatch(tx: Tx, actor: StaffActor, batch: { kind: CatalogueBatch['kind']; fileName: string; undoes?: number },
  rows: { productId: number; before: ProductState | null; after: ProductState }[]) {
  const created = rows.filter((r) => r.before === null).length;
  const [made] = await tx
    .insert(catalogueBatches)
    .values({ kind: batch.kind, staffId: actor.staffId, fileName: batch.fileName, created, updated: rows.length - created, undoesBatchId: batch.undoes ?? null })
    .returning({ id: catalogueBatches.id });
  const id = made!.id;
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(catalogueBatchRows).values(rows.slice(i, i + 1000).map((r) => ({ batchId: id, productId: r.productId, before: r.before, after: r.after })));
  }
  return { id, created, updated: rows.length - created };
}

/**
 * Applies the file in one transaction, only if it has no bad row and would make exactly the changes
 * its preview showed (the fingerprint); one batch and one audit entry record it.
 */
export async function applyCsv(db: Db, actor: StaffActor, input: { file_name: string; csv: string; fingerprint: string }) {
  return db.transaction(async (tx) => {
    const p = await plan(tx as unknown as Db, input.csv, true);
    if (p.preview.errors.length > 0) throw badRequest(CSV_HAS_ERRORS);
    if (p.preview.fingerprint !== input.fingerprint) throw conflict(CSV_STALE_PREVIEW);
    await writeStates(tx, p.updates, p.refs);
    const ids = await insertStates(tx, p.creates, p.refs);
    const rows = [
      ...p.updates.map((u) => ({ productId: u.after.id, before: u.before, after: u.after })),
      ...p.creates.map((c, i) => ({ productId: ids[i] as number, before: null, after: { ...c, id: ids[i] as number } })),
    ];
    const batch = await recordBatch(tx, actor, { kind: p.kind === 'stock' ? 'stock' : 'import', fileName: input.file_name }, rows);
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: p.kind === 'stock' ? 'catalogue.stock-import' : 'catalogue.import',
      entity: 'catalogue_batch',
      entityId: batch.id,
      before: null,
      after: { file_name: input.file_name, created: batch.created, updated: batch.updated, unchanged: p.preview.unchanged },
    });
    return { batch_id: batch.id, created: batch.created, updated: batch.updated };
  });
}

const canonical = (s: ProductState) => JSON.stringify(Object.keys(s).sort().map((k) => [k, s[k as keyof ProductState]]));
const same = (a: ProductState, b: ProductState) => canonical(a) === canonical(b);

/**
 * Undoes a batch by a reverse batch: every product it changed gets its earlier values back, every
 * product it made is made inactive (orders may name it; it is never removed). Refused when a
 * product was changed again since (its values are not the batch's any more), naming the SKUs.
 */
export async function undoBatch(db: Db, actor: StaffActor, batchId: number) {
  return db.transaction(async (tx) => {
    const [batch] = await jsonRows<{ id: number; kind: string; file_name: string; undone_by: number | null }>(
      tx as unknown as Db,
      sql`select b.id, b.kind, b.file_name, (select u.id from catalogue_batches u where u.undoes_batch_id = b.id) as undone_by
          from catalogue_batches b where b.id = ${batchId}`,
    );
    if (!batch) throw notFound('There is no such import.');
    if (batch.kind === 'undo') throw badRequest('This is an undo already; to have its changes again, apply the file again.');
    if (batch.undone_by !== null) throw conflict(`This import was undone already (by batch ${batch.undone_by}).`);
    const rows = await jsonRows<{ product_id: number; before: ProductState | null; after: ProductState }>(
      tx as unknown as Db,
      sql`select product_id, before, after from catalogue_batch_rows where batch_id = ${batchId} order by id`,
    );
    const current = new Map((await readStates(tx as unknown as Db, { ids: rows.map((r) => r.product_id) }, true)).map((s) => [s.id, s]));
    const moved = rows.filter((r) => {
      const now = current.get(r.product_id);
      return !now || !same(now, r.after);
    });
    if (moved.length > 0) {
      const skus = moved.slice(0, 10).map((r) => r.after.sku).join(', ');
      throw conflict(`${moved.length} product${moved.length === 1 ? ' was' : 's were'} changed again since this import (${skus}${moved.length > 10 ? ', ...' : ''}); undo those changes first or edit them by hand.`);
    }
    const changes = rows.map((r) => {
      const before = current.get(r.product_id) as ProductState;
      return { before, after: r.before ?? { ...before, active: false } };
    });
    const refs = await loadRefs(tx as unknown as Db);
    await writeStates(tx, changes, refs);
    const undo = await recordBatch(tx, actor, { kind: 'undo', fileName: batch.file_name, undoes: batchId },
      changes.map((c) => ({ productId: c.after.id, before: c.before, after: c.after })));
    await appendAudit(tx, {
      staffId: actor.staffId,
      ip: actor.ip,
      action: 'catalogue.undo',
      entity: 'catalogue_batch',
      entityId: undo.id,
      before: { batch_id: batchId },
      after: { undoes: batchId, products: changes.length },
    });
    return { batch_id: undo.id, created: 0, updated: changes.length };
  });
}

export async function listBatches(db: Db): Promise<CatalogueBatch[]> {
  const rows = await jsonRows<{ id: number; kind: CatalogueBatch['kind']; file_name: string; staff_email: string | null; created: number; updated: number; at: string; undoes: number | null; undone_by: number | null }>(
    db,
    sql`select b.id, b.kind, b.file_name, s.email as staff_email, b.created, b.updated, b.created_at::text as at, b.undoes_batch_id as undoes,
          (select u.id from catalogue_batches u where u.undoes_batch_id = b.id) as undone_by
        from catalogue_batches b left join staff_users s on s.id = b.staff_id order by b.id desc limit 50`,
  );
  return rows.map((r) => ({ ...r, at: isoTime(r.at) }));
}

/** The whole catalogue as the import reads it (`stock`: the daily stock file, SKU and stock only). */
export async function exportCsv(db: Db, kind: CsvKind): Promise<string> {
  const refs = await loadRefs(db);
  const ids = (await jsonRows<{ id: number }>(db, sql`select id from products order by id`)).map((r) => r.id);
  const columns = kind === 'stock' ? STOCK_CSV_COLUMNS : CATALOGUE_CSV_COLUMNS;
  const parts = [csvLine(columns)];
  for (let i = 0; i < ids.length; i += 5000) {
    for (const s of await readStates(db, { ids: ids.slice(i, i + 5000) })) {
      const v = stateCsvValues(s, refs);
      parts.push(csvLine(columns.map((c) => v[c])));
    }
  }
  return parts.join('');
}
