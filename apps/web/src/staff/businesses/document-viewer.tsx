import type { StaffDocument } from '@shop/domain/businesses';
import { useState } from 'react';
import { btn } from '../orders/desk-ui.tsx';
import { businessesApi } from './businesses-client.ts';

/** Zoom steps; 100% fits the document to the viewer's width. */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];

/**
 * The registration documents, one at a time, with zoom and rotate (CSS transforms). Images come from
 * the staff-only document route with the session cookie; nothing here is reachable without it.
 */
export function DocumentViewer({ businessId, documents }: { businessId: number; documents: StaffDocument[] }) {
  const [chosen, setChosen] = useState<number | null>(documents.find((d) => !d.replaced)?.id ?? null);
  const [zoom, setZoom] = useState(2);
  const [turns, setTurns] = useState(0);
  const current = documents.find((d) => d.id === chosen) ?? documents[0];
  if (!current) return <p className="text-sm text-slate-600">No documents uploaded yet.</p>;
  const pick = (id: number) => {
    setChosen(id);
    setZoom(2);
    setTurns(0);
  };
  const scale = ZOOMS[zoom] ?? 1;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Documents" className="flex flex-wrap gap-2">
        {documents.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              aria-pressed={d.id === current.id}
              onClick={() => pick(d.id)}
              className={`flex items-center gap-2 rounded border px-2 py-1 text-left text-sm ${d.id === current.id ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
            >
              <img src={businessesApi.documentUrl(businessId, d.id)} alt="" className="h-8 w-12 rounded object-cover ring-1 ring-slate-200" />
              <span>
                {d.label}
                {d.replaced ? <span className="text-xs text-slate-500"> (earlier)</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Document view">
        <button type="button" className={btn.secondary} onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
          Zoom out
        </button>
        <span className="w-14 text-center text-sm tabular-nums" aria-live="polite">
          {Math.round(scale * 100)}%
        </span>
        <button type="button" className={btn.secondary} onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))} disabled={zoom === ZOOMS.length - 1}>
          Zoom in
        </button>
        <button type="button" className={btn.secondary} onClick={() => setTurns((t) => (t + 3) % 4)}>
          Rotate left
        </button>
        <button type="button" className={btn.secondary} onClick={() => setTurns((t) => (t + 1) % 4)}>
          Rotate right
        </button>
        <button type="button" className={btn.secondary} onClick={() => pick(current.id)}>
          Reset
        </button>
        <a className={`${btn.link} ml-auto text-sm`} href={businessesApi.documentUrl(businessId, current.id)} target="_blank" rel="noreferrer">
          Open full size
        </a>
      </div>
      {/* The width sets the zoom (so the scroll area grows with it); rotation is a transform. */}
      <div className="flex h-[28rem] overflow-auto rounded border border-slate-200 bg-slate-100 p-4 2xl:h-[36rem]">
        <img
          src={businessesApi.documentUrl(businessId, current.id)}
          alt={`${current.label}${current.replaced ? ' (earlier upload)' : ''}`}
          style={{ width: `${scale * 100}%`, maxWidth: 'none', transform: `rotate(${turns * 90}deg)`, transition: 'transform 150ms ease-out' }}
          className="m-auto h-auto origin-center shadow"
        />
      </div>
      <p className="text-xs text-slate-500">
        Uploaded {new Date(current.uploaded_at).toLocaleString('en-GB', { timeZone: 'Asia/Karachi', dateStyle: 'medium', timeStyle: 'short' })} (PKT) · {current.size < 1024 ? `${current.size} bytes` : `${Math.round(current.size / 1024)} KB`}
      </p>
    </div>
  );
}
