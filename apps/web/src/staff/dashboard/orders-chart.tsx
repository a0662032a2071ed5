import type { Dashboard } from '@shop/domain/dashboard';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => short.format(new Date(`${date}T00:00:00Z`));

/** Orders per Pakistan day over the last 30 days (recharts), with the figures in a table for readers who cannot see it. */
export function OrdersChart({ perDay }: { perDay: NonNullable<Dashboard['orders']>['per_day'] }) {
  const data = perDay.map((d) => ({ ...d, label: label(d.date) }));
  return (
    <figure aria-labelledby="orders-chart-caption">
      <figcaption id="orders-chart-caption" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        Orders per day, last {perDay.length} days (PKT)
      </figcaption>
      <div className="h-64 w-full 2xl:h-80" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#475569' }} interval="preserveStartEnd" minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
            <Tooltip formatter={(value) => [value, 'Orders']} labelStyle={{ color: '#0f172a' }} />
            <Bar dataKey="count" name="Orders" fill="#0369a1" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Orders per day</caption>
        <tbody>
          {data.map((d) => (
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
