import { releaseNotice } from '@shop/domain/credit';
import { type FinanceAccount, type HoldReleaseInput, RECEIPT_MOVES, type Receipt, releaseOfHold } from '@shop/domain/finance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useStaffSession } from '../staff-session.tsx';
import { DeskDialog } from '../orders/desk-dialog.tsx';
import { btn, ErrorLine, Panel } from '../orders/desk-ui.tsx';
import { financeApi, financePaths } from './finance-client.ts';
import { BUCKET_KEYS, BUCKET_LABEL, money } from './finance-format.ts';
import { CreditNoteForm, HoldReleaseForm, ReasonForm, ReceiptForm } from './finance-forms.tsx';
import { StatementPanel } from './statement-panel.tsx';

type Undo = { kind: 'bounce' | 'reverse'; receipt: Receipt } | { kind: 'note'; id: number; number: string } | { kind: 'end-release' } | null;

const stateTone = (state: Receipt['state']) =>
  state === 'Cheque bounced' || state === 'Reversed' ? 'bg-rose-100 text-rose-900' : state === 'Cheque pending' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900';

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold' : ''}`}>{value}</dd>
    </div>
  );
}

/** Issue 18: one business's ledger for Finance: account, aging, open invoices, statement, receipts, credit notes. */
export function LedgerPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const canWrite = useStaffSession().can('finance.write');
  const key = ['staff', 'finance', 'account', id];
  const account = useQuery({ queryKey: key, queryFn: () => financeApi.account(id), enabled: Number.isInteger(id) && id > 0 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [undo, setUndo] = useState<Undo>(null);
  const [recorded, setRecorded] = useState<Receipt | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['staff', 'finance'] });
  };
  const record = useMutation({
    mutationFn: (input: Parameters<typeof financeApi.recordReceipt>[1]) => financeApi.recordReceipt(id, input),
    onSuccess: (r) => {
      setRecorded(r);
      setChosen([]);
      refresh();
    },
  });
  const undoReceipt = useMutation({
    mutationFn: (v: { kind: 'bounce' | 'reverse'; id: number; reason: string }) => (v.kind === 'bounce' ? financeApi.bounceCheque(v.id, v.reason) : financeApi.reverseReceipt(v.id, v.reason)),
    onSuccess: () => {
      setUndo(null);
      refresh();
    },
  });
  const undoNote = useMutation({
    mutationFn: (v: { id: number; reason: string }) => financeApi.reverseCreditNote(v.id, v.reason),
    onSuccess: () => {
      setUndo(null);
      refresh();
    },
  });
  const clear = useMutation({ mutationFn: (receiptId: number) => financeApi.clearCheque(receiptId), onSuccess: refresh });
  const note = useMutation({ mutationFn: (v: Parameters<typeof financeApi.creditNote>[1]) => financeApi.creditNote(id, v), onSuccess: refresh });
  const release = useMutation({ mutationFn: (v: HoldReleaseInput) => financeApi.releaseHold(id, v), onSuccess: (a) => client.setQueryData(key, a) });
  const endRelease = useMutation({
    mutationFn: (reason: string) => financeApi.endHoldRelease(id, reason),
    onSuccess: (a) => {
      setUndo(null);
      client.setQueryData(key, a);
    },
  });

  if (account.isPending) return <p className="p-4 text-sm text-slate-500">Loading ledger…</p>;
  if (account.error || !account.data) return <div className="p-4"><ErrorLine error={account.error ?? new Error('Business not found')} /></div>;
  const a: FinanceAccount = account.data;
  // Issue 37: the running release, said in the sentence the buyer's checkout shows.
  const running = releaseOfHold(a.hold);
  const toggle = (ledgerId: number) => setChosen((c) => (c.includes(ledgerId) ? c.filter((x) => x !== ledgerId) : [...c, ledgerId]));

  return (
    <div className="flex flex-col gap-3 p-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className={btn.link} to={financePaths.businesses}>
          ← Business ledgers
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{a.business.name}</h1>
        <span className="text-sm text-slate-600">
          #{a.business.id} · {a.business.city ?? 'no city'} · {a.business.payment_mode}
          {a.business.payment_mode === 'Credit' ? `, ${a.business.payment_days} payment days` : ''}
        </span>
        <p className="ml-auto text-lg">
          Balance <strong data-testid="ledger-balance" className="tabular-nums">{money(a.balance)}</strong>
        </p>
      </header>
      {a.hold.held ? (
        <p role="status" className="rounded border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <strong>Credit hold.</strong> {a.hold.message}
        </p>
      ) : running ? (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          <p data-testid="credit-release">
            <strong>Credit hold released.</strong> {releaseNotice(running, a.business.name)}
          </p>
          {canWrite ? (
            <button type="button" className={`${btn.secondary} ml-auto`} onClick={() => setUndo({ kind: 'end-release' })}>
              End the release now…
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-3 2xl:grid-cols-[minmax(0,2fr)_minmax(24rem,1fr)]">
        <div className="flex min-w-0 flex-col gap-3">
          <Panel title="Open invoices">
            {a.open_entries.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing is open.</p>
            ) : (
              <table className="w-full border-collapse text-sm [&_td]:whitespace-nowrap" aria-label="Open invoices">
                <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1.5">
                      <span className="sr-only">Apply the receipt to</span>
                    </th>
                    <th scope="col" className="px-2 py-1.5">Invoice</th>
                    <th scope="col" className="px-2 py-1.5">Mode</th>
                    <th scope="col" className="px-2 py-1.5">Invoiced</th>
                    <th scope="col" className="px-2 py-1.5">Due</th>
                    <th scope="col" className="px-2 py-1.5">Aging</th>
                    <th scope="col" className="px-2 py-1.5 text-right">Amount</th>
                    <th scope="col" className="px-2 py-1.5 text-right">Open</th>
                  </tr>
                </thead>
                <tbody>
                  {a.open_entries.map((e) => (
                    <tr key={e.ledger_id} className={`border-t border-slate-100 ${chosen.includes(e.ledger_id) ? 'bg-sky-50' : ''}`}>
                      <td className="px-2 py-1">
                        {canWrite ? <input type="checkbox" className="size-4 accent-sky-700" aria-label={`Apply the receipt to ${e.invoice_number ?? `entry ${e.ledger_id}`}`} checked={chosen.includes(e.ledger_id)} onChange={() => toggle(e.ledger_id)} /> : null}
                      </td>
                      <td className="px-2 py-1 font-mono text-xs">{e.invoice_number ?? `Entry ${e.ledger_id}`}</td>
                      <td className="px-2 py-1">{e.payment_mode}</td>
                      <td className="px-2 py-1">{e.invoiced_on}</td>
                      <td className="px-2 py-1">{e.payable_by}</td>
                      <td className="px-2 py-1">{BUCKET_LABEL[e.bucket]}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{money(e.total)}</td>
                      <td className="px-2 py-1 text-right font-medium tabular-nums">{money(e.open)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Panel>
          <Panel title="Receipts">
            {a.receipts.length === 0 ? (
              <p className="text-sm text-slate-600">No receipt yet.</p>
            ) : (
              <table className="w-full border-collapse text-sm [&_td:nth-child(-n+2)]:whitespace-nowrap [&_td:nth-child(4)]:whitespace-nowrap" aria-label="Receipts">
                <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-1.5">Receipt</th>
                    <th scope="col" className="px-2 py-1.5">Received</th>
                    <th scope="col" className="px-2 py-1.5">Method</th>
                    <th scope="col" className="px-2 py-1.5 text-right">Amount</th>
                    <th scope="col" className="px-2 py-1.5">State</th>
                    <th scope="col" className="px-2 py-1.5">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {a.receipts.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100 align-top">
                      <td className="px-2 py-1 font-mono text-xs">
                        <Link className={btn.link} to={financePaths.receipt(r.id)}>
                          {r.receipt_number}
                        </Link>
                      </td>
                      <td className="px-2 py-1">{r.received_on}</td>
                      <td className="px-2 py-1">
                        {r.method}
                        {r.cheque_number ? <span className="block text-xs text-slate-600">No. {r.cheque_number}, {r.cheque_bank}, dated {r.cheque_date}</span> : null}
                      </td>
                      <td className="px-2 py-1 text-right tabular-nums">{money(r.amount)}</td>
                      <td className="px-2 py-1">
                        <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${stateTone(r.state)}`}>{r.state}</span>
                        {r.undo_reason ? <span className="block text-xs text-slate-600">{r.undo_reason}</span> : null}
                      </td>
                      <td className="px-2 py-1">
                        {canWrite && RECEIPT_MOVES[r.state].length > 0 ? (
                          <div className="flex flex-wrap gap-1">
                            {RECEIPT_MOVES[r.state].includes('clear') ? (
                              <button type="button" className={btn.secondary} disabled={clear.isPending} onClick={() => clear.mutate(r.id)} aria-label={`Mark cheque of ${r.receipt_number} cleared`}>
                                Cleared
                              </button>
                            ) : null}
                            {RECEIPT_MOVES[r.state].includes('bounce') ? (
                              <button type="button" className={btn.secondary} onClick={() => setUndo({ kind: 'bounce', receipt: r })} aria-label={`Mark cheque of ${r.receipt_number} bounced`}>
                                Bounced…
                              </button>
                            ) : null}
                            {RECEIPT_MOVES[r.state].includes('reverse') ? (
                              <button type="button" className={btn.secondary} onClick={() => setUndo({ kind: 'reverse', receipt: r })} aria-label={`Reverse ${r.receipt_number}`}>
                                Reverse…
                              </button>
                            ) : null}
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <ErrorLine error={clear.error} />
          </Panel>
          {a.credit_notes.length ? (
            <Panel title="Credit notes">
              <ul className="divide-y divide-slate-100 text-sm">
                {a.credit_notes.map((n) => (
                  <li key={n.id} className="flex flex-wrap items-center gap-2 py-1">
                    <span className="font-mono text-xs">{n.number}</span>
                    <span>on {n.invoice_number ?? `entry ${n.ledger_id}`}</span>
                    <span className="tabular-nums">{money(n.amount)}</span>
                    <span className="text-slate-600">{n.reason}</span>
                    {n.reversed ? <span className="rounded bg-rose-100 px-1.5 py-0.5 text-xs text-rose-900">Reversed</span> : null}
                    {canWrite && !n.reversed ? (
                      <button type="button" className={`${btn.secondary} ml-auto`} onClick={() => setUndo({ kind: 'note', id: n.id, number: n.number })} aria-label={`Reverse credit note ${n.number}`}>
                        Reverse…
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
        </div>
        {/* Beside the tables on wide screens; above them, three across, at 1280 px. */}
        <div className="order-first flex flex-col gap-3 xl:grid xl:grid-cols-3 xl:items-start 2xl:order-none 2xl:flex">
          <Panel title="Account">
            <dl className="text-sm">
              <Figure label="Credit limit" value={money(a.business.credit_limit)} />
              {a.hold.release_amount != null ? <Figure label="Released above the limit" value={money(a.hold.release_amount)} /> : null}
              <Figure label="Owed on Credit invoices" value={money(a.credit_outstanding)} />
              <Figure label="Open Credit orders" value={money(a.open_orders)} />
              <Figure label="Credit available" value={money(a.available)} strong />
              <Figure label="Credit on account (unapplied)" value={money(a.credit_on_account)} />
            </dl>
            <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Aging (as the buyer sees it, {a.as_of})</h3>
            <dl className="text-sm" aria-label="Aging">
              {BUCKET_KEYS.map((k) => (
                <Figure key={k} label={BUCKET_LABEL[k]} value={money(a.buckets[k])} />
              ))}
            </dl>
            {canWrite && (a.hold.held || running) ? (
              <div className="mt-3">
                <HoldReleaseForm running={running !== null} busy={release.isPending} error={release.error} onSubmit={(v) => release.mutate(v)} />
              </div>
            ) : null}
          </Panel>
          {canWrite ? (
            <Panel title="Record a receipt">
              {recorded ? (
                <p role="status" className="mb-2 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm">
                  Receipt {recorded.receipt_number} recorded ({money(recorded.amount)}).{' '}
                  <Link className={btn.link} to={financePaths.receipt(recorded.id)}>
                    Print receipt
                  </Link>
                </p>
              ) : null}
              <ReceiptForm chosen={chosen} busy={record.isPending} error={record.error} onSubmit={(input) => record.mutateAsync(input)} />
            </Panel>
          ) : null}
          {canWrite ? (
            <Panel title="Credit note for a return">
              <CreditNoteForm returnable={a.returnable} busy={note.isPending} error={note.error} onSubmit={(v) => note.mutateAsync(v)} />
            </Panel>
          ) : null}
        </div>
      </div>
      <StatementPanel businessId={id} />
      <DeskDialog
        open={undo !== null}
        onOpenChange={(open) => {
          if (!open) setUndo(null);
        }}
        title={
          undo?.kind === 'bounce' ? `Cheque of ${undo.receipt.receipt_number} bounced` : undo?.kind === 'reverse' ? `Reverse ${undo.receipt.receipt_number}` : undo?.kind === 'note' ? `Reverse credit note ${undo.number}` : undo?.kind === 'end-release' ? 'End the release of the credit hold' : ''
        }
        description={
          undo?.kind === 'end-release'
            ? 'The release ends now and the credit hold applies again; an entry with your reason is added. Nothing is deleted.'
            : 'A reversing entry is added with your reason; the invoices it paid open again. Nothing is deleted.'
        }
      >
        {undo?.kind === 'end-release' ? (
          <ReasonForm action="End the release" busy={endRelease.isPending} error={endRelease.error} onSubmit={(reason) => endRelease.mutate(reason)} />
        ) : undo?.kind === 'note' ? (
          <ReasonForm action="Reverse credit note" busy={undoNote.isPending} error={undoNote.error} onSubmit={(reason) => undoNote.mutate({ id: undo.id, reason })} />
        ) : undo ? (
          <ReasonForm action={undo.kind === 'bounce' ? 'Mark bounced' : 'Reverse receipt'} busy={undoReceipt.isPending} error={undoReceipt.error} onSubmit={(reason) => undoReceipt.mutate({ kind: undo.kind, id: undo.receipt.id, reason })} />
        ) : null}
      </DeskDialog>
    </div>
  );
}
