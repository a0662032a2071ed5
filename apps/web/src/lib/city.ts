import { type City, DEFAULT_CITY } from '@shop/domain/constants';
import type { PublicCities } from '@shop/domain/places';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from './api.ts';
import { STORAGE_KEYS } from './storage.ts';

// SPEC 2: the marketplace city, default Lahore, kept in local storage under City. Issue 35: the cities
// are the database's active ones (GET /api/cities), never a list in code.
type Listener = () => void;
const listeners = new Set<Listener>();

const readStored = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.city));

export function setCity(city: City) {
  localStorage.setItem(STORAGE_KEYS.city, city);
  for (const l of listeners) l();
}

/** Issue 36: the visitor takes back the choice (a guest on the storefront then sees list and sale prices). */
export function clearCity() {
  localStorage.removeItem(STORAGE_KEYS.city);
  for (const l of listeners) l();
}

function useStoredCity(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readStored,
    () => null,
  );
}

/** The active cities, each with its delivery days and cut-off time, and the one a new visitor starts in. */
export function useCities(enabled = true): PublicCities & { isLoading: boolean } {
  const query = useQuery({ queryKey: ['cities'], queryFn: () => api<PublicCities>('/api/cities'), staleTime: 5 * 60_000, enabled });
  return { cities: query.data?.cities ?? [], default_city: query.data?.default_city ?? null, isLoading: query.isLoading };
}

/** The visitor's city: the stored one while it is an active city, else the default (Lahore, or the first active city). */
export function useCity(): City {
  const stored = useStoredCity();
  const { cities, default_city, isLoading } = useCities();
  if (isLoading || cities.length === 0) return stored ?? DEFAULT_CITY;
  return cities.find((c) => c.name === stored)?.name ?? default_city ?? DEFAULT_CITY;
}

/** The active cities' names (for the back office's city choices). */
export const useCityNames = (): string[] => useCities().cities.map((c) => c.name);

/**
 * Issue 36: the city the visitor has chosen (stored, and an active city once the cities are known),
 * else null: a guest who chose one is shown its prices on the storefront; one who did not, the list
 * and sale prices. Not defaulted, unlike useCity. `enabled` false (a signed-in buyer): null, and the
 * cities are not asked for.
 */
export function useChosenCity(enabled = true): string | null {
  const stored = useStoredCity();
  const { cities, isLoading } = useCities(enabled && stored != null);
  if (!enabled) return null;
  if (stored == null || isLoading) return stored;
  return cities.find((c) => c.name === stored)?.name ?? null;
}
