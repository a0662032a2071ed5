// Money and time as the desk reads them: whole rupees, and Pakistan time whatever the browser's zone.
import { formatRupees } from '@shop/domain/money';

export const rupees = (amount: string | number) => formatRupees(amount);

const dateTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
const dateOnly = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: '2-digit', month: 'short', year: 'numeric' });

/** An API instant (ISO) as "25 Nov 2026, 14:05" in Asia/Karachi. */
export const karachiDateTime = (iso: string) => dateTime.format(new Date(iso));
export const karachiDate = (iso: string) => dateOnly.format(new Date(iso));

/** Which statuses' badges look alike: work to do, done, refused. */
export function statusTone(status: string): string {
  switch (status) {
    case 'Pending':
      return 'bg-amber-100 text-amber-900';
    case 'In Process':
      return 'bg-sky-100 text-sky-900';
    case 'Arrange':
      return 'bg-indigo-100 text-indigo-900';
    case 'Shipping':
      return 'bg-violet-100 text-violet-900';
    case 'Delivered':
      return 'bg-emerald-100 text-emerald-900';
    default:
      return 'bg-rose-100 text-rose-900';
  }
}
