import { CITIES, type City, DEFAULT_CITY } from '@shop/domain/constants';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage.ts';

// SPEC 2: the marketplace city, default Lahore, kept in local storage under City.
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): City {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.city);
  return (CITIES as readonly string[]).includes(stored ?? '') ? (stored as City) : DEFAULT_CITY;
}

export function setCity(city: City) {
  localStorage.setItem(STORAGE_KEYS.city, city);
  for (const l of listeners) l();
}

export function useCity(): City {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => DEFAULT_CITY,
  );
}
