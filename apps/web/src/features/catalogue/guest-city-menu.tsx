import { clearCity, setCity, useChosenCity, useCities } from '../../lib/city.ts';
import { useSession } from '../../lib/session.tsx';

/**
 * Issue 36: a guest chooses the city whose prices the storefront shows (the marketplace's city choice,
 * the same stored City); without a choice the list and sale prices. A signed-in buyer is shown the
 * prices of the business's own city and is offered no choice.
 */
export function GuestCityMenu() {
  const { isGuest } = useSession();
  const chosen = useChosenCity();
  const { cities } = useCities();
  if (!isGuest || cities.length === 0) return null;
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only whitespace-nowrap lg:not-sr-only">Prices in</span>
      <select
        value={chosen ?? ''}
        onChange={(e) => (e.target.value ? setCity(e.target.value) : clearCity())}
        className="rounded-md bg-white px-1.5 py-0.5 text-sm text-slate-900 md:px-2 md:py-1.5"
        aria-label="City"
      >
        <option value="">Choose city</option>
        {cities.map((c) => (
          <option key={c.id} value={c.name}>{c.name}</option>
        ))}
      </select>
    </label>
  );
}
