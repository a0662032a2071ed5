import { STORAGE_KEYS } from '@shop/domain/constants';

export { STORAGE_KEYS };

export function readJson<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the app still works for this visit
  }
}

export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);
export const setToken = (token: string) => localStorage.setItem(STORAGE_KEYS.token, token);
