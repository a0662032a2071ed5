import type { StaffCapability } from '@shop/domain/staff';
import type React from 'react';

/**
 * The back office's pages. Each is its own chunk; `capability` decides whether the person sees it in
 * the navigation and may open it (the server enforces the same rule on every call). Add a screen by
 * adding a row: the order desk's pages go in the 'Orders' group.
 */
export interface StaffRoute {
  /** Below /staff, without the leading slash ('' is the start page). */
  path: string;
  /** The navigation's text; a route without a label is reachable but not listed (a detail page). */
  label?: string;
  group?: 'Orders' | 'Finance' | 'Catalogue' | 'Admin';
  capability?: StaffCapability;
  load: () => Promise<React.ComponentType>;
}

export const STAFF_ROUTES: StaffRoute[] = [
  { path: '', label: 'Start', load: () => import('./home-page.tsx').then((m) => m.StaffHomePage) },
  { path: 'two-factor', load: () => import('./auth/two-factor-page.tsx').then((m) => m.TwoFactorPage) },
  { path: 'admin/staff', label: 'Staff accounts', group: 'Admin', capability: 'staff.manage', load: () => import('./admin/staff-accounts-page.tsx').then((m) => m.StaffAccountsPage) },
  { path: 'admin/audit', label: 'Audit log', group: 'Admin', capability: 'audit.read', load: () => import('./admin/audit-log-page.tsx').then((m) => m.AuditLogPage) },
];
