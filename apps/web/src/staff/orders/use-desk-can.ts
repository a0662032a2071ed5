import { useStaffSession } from '../staff-session.tsx';

/**
 * Whether the signed-in person may change orders (Order desk) or only read them (Finance). The server
 * refuses anyway; the screens just do not offer what would be refused.
 */
export function useDeskCanWrite(): boolean {
  return useStaffSession().can('orders.write');
}
