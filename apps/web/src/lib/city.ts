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

/** The active cities, each with its delivery days and cut-off time, and the one a new visitor starts in. */
export function useCities(): PublicCities & { isLoading: boolean } {
  const query = useQuery({ queryKey: ['cities'], queryFn: () => api<PublicCities>('/api/cities'), staleTime: 5 * 60_000 });
  return { cities: query.data?.cities ?? [], default_city: query.data?.default_city ?? null, isLoading: query.isLoading };
}

/** The visitor's city: the stored one while it is an active city, else the default (Lahore, or the first active city). */
export function useCity(): City {
  const stored = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    readStored,
    () => null,
  );
  const { cities, default_city, isLoading } = useCities();
  if (isLoading || cities.length === 0) return stored ?? DEFAULT_CITY;
  return cities.find((c) => c.name === stored)?.name ?? default_city ?? DEFAULT_CITY;
}

/** The active cities' names (for the back office's city choices). */
export const useCityNames = (): string[] => useCities().cities.map((c) => c.name);
