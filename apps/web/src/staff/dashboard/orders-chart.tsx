import type { Dashboard } from '@shop/domain/dashboard';
import { AGING_BUCKETS } from '@shop/domain/ledgers';
import { toPaisa } from '@shop/domain/money';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => short.format(new Date(`${date}T00:00:00Z`));
const bucketLabel = (key: string, text: string) => (key === 'zero_to_zero' ? 'Not yet due' : `${text} days`);

/**
 * Orders per Pakistan day over the last 30 days (recharts, as ARCHITECTURE names for the dashboard; this
 * file is its own chunk, loaded after the figures). The figures are also in a table for screen readers.
 */
export function OrdersChart({ perDay }: { perDay: NonNullable<Dashboard['orders']>['per_day'] }) {
  const data = perDay.map((d) => ({ day: label(d.date), orders: d.count }));
  return (
    <figure aria-labelledby="orders-chart-caption">
      <figcaption id="orders-chart-caption" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        Orders per day, last {perDay.length} days (PKT)
      </figcaption>
      <div className="h-56 2xl:h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#475569' }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip cursor={{ fill: '#f1f5f9' }} />
            <Bar dataKey="orders" name="Orders" fill="#0369a1" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Orders per day</caption>
        <tbody>
          {perDay.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Money owed per aging bucket (the buckets of packages/domain, as the buyer's Outstandings show them). */
export function AgingChart({ buckets }: { buckets: NonNullable<Dashboard['money']>['buckets'] }) {
  const data = AGING_BUCKETS.map((b) => ({ bucket: bucketLabel(b.key, b.label), rupees: toPaisa(buckets[b.key]) / 100 }));
  return (
    // The amounts are written out above the chart: a screen reader skips the drawing.
    <div className="h-48 2xl:h-64" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="bucket" tick={{ fontSize: 12, fill: '#475569' }} />
          <YAxis tick={{ fontSize: 12, fill: '#475569' }} tickFormatter={(v: number) => v.toLocaleString('en-US')} />
          <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(v) => `Rs. ${Number(v).toLocaleString('en-US')}`} />
          <Bar dataKey="rupees" name="Owed" fill="#b45309" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
