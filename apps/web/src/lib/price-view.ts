import { useChosenCity } from './city.ts';
import { useSession } from './session.tsx';

/**
 * Prices differ per business (SPEC 9): every product query is keyed by who asks (`who`). Catalogue
 * reads need no session: before the guest session opens, the answer is the guest's, so nothing waits
 * for it. Issue 36: a guest who chose a city (the marketplace's choice, shared) is shown that city's
 * prices, so the product calls send it (`city`) and their keys hold it; a signed-in buyer is shown
 * the prices of the business's own city (the server decides), and nothing is sent.
 */
export function usePriceView(): { who: string | number; city: string | undefined } {
  const { user, isGuest } = useSession();
  const city = useChosenCity(isGuest) ?? undefined;
  return { who: isGuest ? `guest:${city ?? ''}` : (user?.businessId ?? 'guest'), city };
}

/** The query of a product call with the guest's chosen city, when there is one. */
export function withCity<Q extends Record<string, string | number | undefined>>(query: Q, city: string | undefined): Q {
  return city ? { ...query, city } : query;
}
