import type { CsvPreview } from '@shop/domain/catalogue-admin';
import { countOf, pluralWord } from '@shop/domain/plural';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { useStaffSession } from '../staff-session.tsx';
import { catalogueApi } from './catalogue-client.ts';

const SHOWN = 200;
const more = (n: number) => (n > SHOWN ? <p className="px-2 py-1 text-xs text-slate-600">…and {n - SHOWN} more</p> : null);
const FIELD_LABEL: Record<string, string> = {
  name: 'Name',
  brand: 'Brand',
  category: 'Category',
  business_types: 'Business types',
  price: 'Price',
  sale_price: 'Sale price',
  tax: 'Tax',
  stock: 'Stock',
  active: 'Active',
};

/** Issue 19: import a CSV file with a preview before anything changes, undo an import, export the catalogue. */
export function ImportPage() {
  const canWrite = useStaffSession().can('catalogue.write');
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const batches = useQuery({ queryKey: ['staff', 'catalogue', 'imports'], queryFn: catalogueApi.batches });
  const check = useMutation({
    mutationFn: (f: { name: string; text: string }) => catalogueApi.preview(f.name, f.text),
    onSuccess: setPreview,
  });
  const apply = useMutation({
    mutationFn: () => catalogueApi.apply(file!.name, file!.text, preview!.fingerprint),
    onSuccess: (r) => {
      setDone(`Applied as import ${r.batch_id}: ${r.created} new, ${r.updated} changed. The storefront and the marketplace show it within 2 seconds.`);
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue'] });
    },
  });
  const undo = useMutation({
    mutationFn: (id: number) => catalogueApi.undo(id),
    onSuccess: (r) => {
      setDone(`Undone by import ${r.batch_id}: ${countOf(r.updated, 'product', 'products')} ${pluralWord(r.updated, 'has its', 'have their')} earlier values back.`);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue'] });
    },
  });
  const changes = preview ? preview.new_rows.length + preview.changed.length : 0;

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Import and export the catalogue</h1>
        <a className={`${btn.secondary} ml-auto`} href={catalogueApi.exportUrl('catalogue')} download>
          Download the catalogue (CSV)
        </a>
        <a className={btn.secondary} href={catalogueApi.exportUrl('stock')} download>
          Download the stock file (CSV)
        </a>
      </header>
      <p className="max-w-4xl text-sm text-slate-700">
        A file with the columns sku, name, brand, category, business_types, price, sale_price, tax, stock, active (as the download writes them) adds new SKUs and
        changes existing ones; a file with only sku, stock is the daily stock update. Nothing changes until you apply the preview.
      </p>
      {canWrite ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setDone(null);
            if (file) check.mutate(file);
          }}
        >
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor={fileId}>CSV file</label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className={field}
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                setPreview(null);
                check.reset();
                apply.reset();
                setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
              }}
            />
          </div>
          <button type="submit" className={btn.primary} disabled={!file || check.isPending}>
            {check.isPending ? 'Reading…' : 'Preview'}
          </button>
        </form>
      ) : null}
      <ErrorLine error={check.error ?? apply.error ?? undo.error} />
      {done ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {preview ? (
        <section aria-label="Preview" className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium">
            {countOf(preview.rows, 'row', 'rows')} ({preview.kind === 'stock' ? 'stock update' : 'catalogue'}): {preview.new_rows.length} new, {preview.changed.length} changed, {preview.unchanged} unchanged,{' '}
            {preview.errors.length} with errors.
          </p>
          {preview.errors.length > 0 ? (
            <Panel title="Rows with errors">
              <p className="mb-2 text-sm text-rose-900">Fix these rows in the file and preview it again; nothing is applied while a row is wrong.</p>
              <table className="w-full border-collapse text-sm" aria-label="Rows with errors">
                <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">SKU</th>
                    <th scope="col" className="px-2 py-1">What is wrong</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.errors.slice(0, SHOWN).map((e) => (
                    <tr key={e.line} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1 tabular-nums">{e.line}</td>
                      <td className="px-2 py-1 font-mono text-xs">{e.sku || '—'}</td>
                      <td className="px-2 py-1">
                        {e.reasons.map((r) => (
                          <p key={r}>{r}</p>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {more(preview.errors.length)}
            </Panel>
          ) : null}
          {preview.changed.length > 0 ? (
            <Panel title="Changed rows">
              <table className="w-full border-collapse text-sm" aria-label="Changed rows">
                <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">SKU</th>
                    <th scope="col" className="px-2 py-1">Product</th>
                    <th scope="col" className="px-2 py-1">Changes (old → new)</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.changed.slice(0, SHOWN).map((c) => (
                    <tr key={c.line} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1 tabular-nums">{c.line}</td>
                      <td className="px-2 py-1 font-mono text-xs">{c.sku}</td>
                      <td className="px-2 py-1">{c.name}</td>
                      <td className="px-2 py-1">
                        {c.changes.map((f) => (
                          <p key={f.field}>
                            {FIELD_LABEL[f.field] ?? f.field}: {f.old || '(empty)'} → {f.new || '(empty)'}
                          </p>
                        ))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {more(preview.changed.length)}
            </Panel>
          ) : null}
          {preview.new_rows.length > 0 ? (
            <Panel title="New products">
              <table className="w-full border-collapse text-sm" aria-label="New products">
                <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">SKU</th>
                    <th scope="col" className="px-2 py-1">Name</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.new_rows.slice(0, SHOWN).map((n) => (
                    <tr key={n.line} className="border-t border-slate-100">
                      <td className="px-2 py-1 tabular-nums">{n.line}</td>
                      <td className="px-2 py-1 font-mono text-xs">{n.sku}</td>
                      <td className="px-2 py-1">{n.name}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {more(preview.new_rows.length)}
            </Panel>
          ) : null}
          <div>
            <button type="button" className={btn.primary} disabled={preview.errors.length > 0 || changes === 0 || apply.isPending} onClick={() => apply.mutate()}>
              {changes === 0 ? 'Nothing to apply' : `Apply ${changes} change${changes === 1 ? '' : 's'}`}
            </button>
          </div>
        </section>
      ) : null}
      <Panel title="Recent imports">
        <table className="w-full border-collapse text-sm" aria-label="Recent imports">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1">Import</th>
              <th scope="col" className="px-2 py-1">When</th>
              <th scope="col" className="px-2 py-1">File</th>
              <th scope="col" className="px-2 py-1">By</th>
              <th scope="col" className="px-2 py-1 text-right">New</th>
              <th scope="col" className="px-2 py-1 text-right">Changed</th>
              <th scope="col" className="px-2 py-1">Undo</th>
            </tr>
          </thead>
          <tbody>
            {(batches.data ?? []).map((b) => (
              <tr key={b.id} className="border-t border-slate-100">
                <td className="px-2 py-1 tabular-nums">
                  {b.id} {b.kind === 'undo' ? `(undoes ${b.undoes})` : b.kind === 'stock' ? '(stock)' : ''}
                </td>
                <td className="px-2 py-1">{new Date(b.at).toLocaleString('en-GB', { timeZone: 'Asia/Karachi' })}</td>
                <td className="px-2 py-1">{b.file_name}</td>
                <td className="px-2 py-1">{b.staff_email ?? '—'}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.created}</td>
                <td className="px-2 py-1 text-right tabular-nums">{b.updated}</td>
                <td className="px-2 py-1">
                  {b.kind === 'undo' ? null : b.undone_by !== null ? (
                    <span className="text-slate-600">Undone by {b.undone_by}</span>
                  ) : canWrite ? (
                    <button type="button" className={btn.secondary} disabled={undo.isPending} aria-label={`Undo import ${b.id}`} onClick={() => undo.mutate(b.id)}>
                      Undo
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {batches.isSuccess && batches.data.length === 0 ? <p className="p-3 text-sm text-slate-500">No import yet.</p> : null}
      </Panel>
    </div>
  );
}
