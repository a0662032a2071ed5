import type { Dashboard } from '@shop/domain/dashboard';

const short = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => short.format(new Date(`${date}T00:00:00Z`));

/**
 * Orders per Pakistan day over the last 30 days, as bars drawn with CSS, the figures in a table for
 * readers who cannot see it. (recharts made the staff start page's chunk 417 kB, over the service
 * worker's 400 kB precache limit that the staff build inherits; see the report of issue 18.)
 */
export function OrdersChart({ perDay }: { perDay: NonNullable<Dashboard['orders']>['per_day'] }) {
  const max = Math.max(1, ...perDay.map((d) => d.count));
  return (
    <figure aria-labelledby="orders-chart-caption">
      <figcaption id="orders-chart-caption" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        Orders per day, last {perDay.length} days (PKT) · highest {max}
      </figcaption>
      <div className="flex h-48 items-end gap-1 border-b border-slate-300 2xl:h-64" aria-hidden="true">
        {perDay.map((d) => (
          <div key={d.date} title={`${label(d.date)}: ${d.count}`} className="flex h-full flex-1 flex-col justify-end">
            <div className="rounded-t bg-sky-700" style={{ height: `${(d.count / max) * 100}%`, minHeight: d.count > 0 ? 2 : 0 }} />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{perDay[0] ? label(perDay[0].date) : ''}</span>
        <span>{perDay.at(-1) ? label(perDay.at(-1)?.date ?? '') : ''}</span>
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
