import { useQuery } from '@tanstack/react-query';
import { getMe } from './desk-client.ts';

/**
 * Whether the signed-in person may change orders (Order desk) or only read them (Finance). The server
 * refuses anyway; the screens just do not offer what would be refused.
 */
export function useDeskCanWrite(): boolean {
  const me = useQuery({ queryKey: ['staff', 'me'], queryFn: getMe, staleTime: Number.POSITIVE_INFINITY });
  return me.data?.capabilities.includes('orders.write') ?? false;
}
