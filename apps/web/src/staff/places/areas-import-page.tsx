import { countOf } from '@shop/domain/plural';
import type { AreaCsvPreview } from '@shop/domain/places';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { placesApi, placesPaths } from './places-client.ts';

const SHOWN = 200;
const more = (n: number) => (n > SHOWN ? <p className="px-2 py-1 text-xs text-slate-600">…and {n - SHOWN} more</p> : null);
const head = 'bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600';

/** Issue 35: import areas from a CSV file (hundreds per city) with a preview before anything changes, like the catalogue's. */
export function AreasImportPage() {
  const client = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<AreaCsvPreview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = useMutation({ mutationFn: (f: { name: string; text: string }) => placesApi.preview(f.name, f.text), onSuccess: setPreview });
  const apply = useMutation({
    mutationFn: () => placesApi.apply(file!.name, file!.text, preview!.fingerprint),
    onSuccess: (r) => {
      setDone(`Applied: ${countOf(r.created, 'new area', 'new areas')}, ${countOf(r.updated, 'area', 'areas')} changed.`);
      setPreview(null);
      void client.invalidateQueries({ queryKey: ['staff', 'cities'] });
    },
  });
  const changes = preview ? preview.new_rows.length + preview.changed.length : 0;

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <Link className={btn.link} to={placesPaths.cities}>
          ← Cities
        </Link>
        <h1 className="text-xl font-semibold">Import areas (CSV)</h1>
        <a className={`${btn.secondary} ml-auto`} href={placesApi.exportUrl()} download>
          Download all areas (CSV)
        </a>
      </header>
      <p className="max-w-4xl text-sm text-slate-700">
        A file with the columns city, area, store_id and, if you like, active (yes or no), as the download writes them, saved as CSV UTF-8. New areas are added;
        areas already there take the file's store and active; areas the file does not name stay as they are. The cities must exist first. Nothing changes until
        you apply the preview.
      </p>
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
      <ErrorLine error={check.error ?? apply.error} />
      {done ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {preview ? (
        <section aria-label="Preview" className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium">
            {countOf(preview.rows, 'row', 'rows')}: {preview.new_rows.length} new, {preview.changed.length} changed, {preview.unchanged} unchanged, {preview.errors.length} with
            errors.
          </p>
          {preview.errors.length > 0 ? (
            <Panel title="Rows with errors">
              <p className="mb-2 text-sm text-rose-900">Fix these rows in the file and preview it again; nothing is applied while a row is wrong.</p>
              <table className="w-full border-collapse text-sm" aria-label="Rows with errors">
                <thead className={head}>
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">What is wrong</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.errors.slice(0, SHOWN).map((e) => (
                    <tr key={e.line} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1 tabular-nums">{e.line}</td>
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
            <Panel title="Changed areas">
              <table className="w-full border-collapse text-sm" aria-label="Changed areas">
                <thead className={head}>
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">City</th>
                    <th scope="col" className="px-2 py-1">Area</th>
                    <th scope="col" className="px-2 py-1">Changes (old → new)</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.changed.slice(0, SHOWN).map((c) => (
                    <tr key={c.line} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1 tabular-nums">{c.line}</td>
                      <td className="px-2 py-1">{c.city}</td>
                      <td className="px-2 py-1">{c.area}</td>
                      <td className="px-2 py-1">
                        {c.changes.map((f) => (
                          <p key={f.field}>
                            {f.field === 'store_id' ? 'Store' : 'Active'}: {f.old} → {f.new}
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
            <Panel title="New areas">
              <table className="w-full border-collapse text-sm" aria-label="New areas">
                <thead className={head}>
                  <tr>
                    <th scope="col" className="px-2 py-1">Line</th>
                    <th scope="col" className="px-2 py-1">City</th>
                    <th scope="col" className="px-2 py-1">Area</th>
                    <th scope="col" className="px-2 py-1 text-right">Store</th>
                    <th scope="col" className="px-2 py-1">Active</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.new_rows.slice(0, SHOWN).map((n) => (
                    <tr key={n.line} className="border-t border-slate-100">
                      <td className="px-2 py-1 tabular-nums">{n.line}</td>
                      <td className="px-2 py-1">{n.city}</td>
                      <td className="px-2 py-1">{n.area}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{n.store_id}</td>
                      <td className="px-2 py-1">{n.active ? 'yes' : 'no'}</td>
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
    </div>
  );
}
