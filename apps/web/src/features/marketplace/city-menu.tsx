import { CITIES, type City } from '@shop/domain/constants';
import { setCity, useCity } from '../../lib/city.ts';

export function CityMenu() {
  const city = useCity();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only md:not-sr-only">City</span>
      <select
        value={city}
        onChange={(e) => setCity(e.target.value as City)}
        className="rounded-md bg-white px-2 py-1.5 text-slate-900"
        aria-label="City"
      >
        {CITIES.map((c) => (
          <option key={c} value={c}>{c}</option>
        ))}
      </select>
    </label>
  );
}
