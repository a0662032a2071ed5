import type { StaffCapability } from '@shop/domain/staff';
import { createContext, useContext } from 'react';

/** A page of the back office as the navigation lists it (a row of staff-routes.tsx without its loader). */
export interface StaffNavEntry {
  path: string;
  label?: string;
  group?: 'Orders' | 'Customers' | 'Finance' | 'Catalogue' | 'Admin';
  capability?: StaffCapability;
}

/**
 * The back office's pages, given by staff-app.tsx: a page loaded by the route table (the start page)
 * reads them here instead of importing the table that loads it.
 */
export const StaffNavContext = createContext<readonly StaffNavEntry[]>([]);

export const useStaffNav = () => useContext(StaffNavContext);
