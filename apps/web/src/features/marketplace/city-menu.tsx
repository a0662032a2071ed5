import { setCity, useCities, useCity } from '../../lib/city.ts';

export function CityMenu() {
  const city = useCity();
  const { cities } = useCities();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only md:not-sr-only">City</span>
      <select value={city} onChange={(e) => setCity(e.target.value)} className="rounded-md bg-white px-2 py-1.5 text-slate-900" aria-label="City">
        {cities.map((c) => (
          <option key={c.id} value={c.name}>{c.name}</option>
        ))}
      </select>
    </label>
  );
}
