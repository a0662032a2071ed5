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
  group?: 'Orders' | 'Customers' | 'Finance' | 'Catalogue' | 'Admin';
  capability?: StaffCapability;
  load: () => Promise<React.ComponentType>;
}

export const STAFF_ROUTES: StaffRoute[] = [
  { path: '', label: 'Start', load: () => import('./home-page.tsx').then((m) => m.StaffHomePage) },
  { path: 'two-factor', load: () => import('./auth/two-factor-page.tsx').then((m) => m.TwoFactorPage) },
  // Issue 16: the order desk (Finance reads it too: orders.read).
  { path: 'orders', label: 'Order queue', group: 'Orders', capability: 'orders.read', load: () => import('./orders/queue-page.tsx').then((m) => m.QueuePage) },
  { path: 'orders/print/slips', capability: 'orders.read', load: () => import('./orders/print/slips-page.tsx').then((m) => m.SlipsPage) },
  { path: 'orders/print/picking', capability: 'orders.read', load: () => import('./orders/print/picking-page.tsx').then((m) => m.PickingPage) },
  { path: 'orders/:id', capability: 'orders.read', load: () => import('./orders/order-page.tsx').then((m) => m.OrderPage) },
  { path: 'runs', label: 'Delivery runs', group: 'Orders', capability: 'orders.read', load: () => import('./orders/runs-page.tsx').then((m) => m.RunsPage) },
  { path: 'runs/:id', capability: 'orders.read', load: () => import('./orders/print/run-sheet-page.tsx').then((m) => m.RunSheetPage) },
  // Issue 18: payments and ledgers (Finance).
  { path: 'finance/ledgers', label: 'Business ledgers', group: 'Finance', capability: 'finance.read', load: () => import('./finance/businesses-page.tsx').then((m) => m.FinanceBusinessesPage) },
  { path: 'finance/aging', label: 'Aging summary', group: 'Finance', capability: 'finance.read', load: () => import('./finance/aging-page.tsx').then((m) => m.AgingPage) },
  { path: 'finance/ledgers/:id', capability: 'finance.read', load: () => import('./finance/ledger-page.tsx').then((m) => m.LedgerPage) },
  { path: 'finance/ledgers/:id/statement', capability: 'finance.read', load: () => import('./finance/statement-print-page.tsx').then((m) => m.StatementPrintPage) },
  { path: 'finance/receipts/:id', capability: 'finance.read', load: () => import('./finance/receipt-print-page.tsx').then((m) => m.ReceiptPrintPage) },
  // Issue 18: verifying businesses and their terms (Finance decides; the Order desk reads).
  { path: 'businesses', label: 'Business verification', group: 'Customers', capability: 'businesses.read', load: () => import('./businesses/business-queue-page.tsx').then((m) => m.BusinessQueuePage) },
  { path: 'businesses/:id', capability: 'businesses.read', load: () => import('./businesses/business-page.tsx').then((m) => m.BusinessPage) },
  // Issue 19: products and the CSV file (Catalogue).
  { path: 'catalogue/products', label: 'Products', group: 'Catalogue', capability: 'catalogue.read', load: () => import('./catalogue/products-page.tsx').then((m) => m.ProductsPage) },
  { path: 'catalogue/products/:id', capability: 'catalogue.read', load: () => import('./catalogue/product-page.tsx').then((m) => m.ProductPage) },
  { path: 'catalogue/imports', label: 'CSV import and export', group: 'Catalogue', capability: 'catalogue.read', load: () => import('./catalogue/import-page.tsx').then((m) => m.ImportPage) },
  { path: 'catalogue/categories', label: 'Categories and brands', group: 'Catalogue', capability: 'catalogue.read', load: () => import('./catalogue/categories-page.tsx').then((m) => m.CategoriesPage) },
  // Issue 35: business types, their pictures and the products each is offered to (Catalogue).
  { path: 'catalogue/business-types', label: 'Business types', group: 'Catalogue', capability: 'catalogue.read', load: () => import('./catalogue/business-types-page.tsx').then((m) => m.BusinessTypesPage) },
  // Issue 35: which storefront products the marketplace (/bmpl) lists in each city (Catalogue).
  { path: 'catalogue/marketplace', label: 'Marketplace listing', group: 'Catalogue', capability: 'catalogue.read', load: () => import('./catalogue/marketplace-page.tsx').then((m) => m.MarketplacePage) },
  // Issue 19: prices (Catalogue sets them; the Order desk and Finance read them and check a price).
  { path: 'prices', label: 'Prices', group: 'Catalogue', capability: 'prices.read', load: () => import('./prices/prices-page.tsx').then((m) => m.PricesPage) },
  { path: 'prices/check', label: 'Price check', group: 'Catalogue', capability: 'prices.read', load: () => import('./prices/price-check-page.tsx').then((m) => m.PriceCheckPage) },
  // Issue 19: content (Catalogue) and the feedback inbox (Order desk).
  { path: 'content/banners', label: 'Banners', group: 'Catalogue', capability: 'content.write', load: () => import('./content/banners-page.tsx').then((m) => m.BannersPage) },
  { path: 'content/ticker', label: 'Ticker and help number', group: 'Catalogue', capability: 'content.write', load: () => import('./content/ticker-page.tsx').then((m) => m.TickerPage) },
  { path: 'content/pages', label: 'Information pages', group: 'Catalogue', capability: 'content.write', load: () => import('./content/pages-page.tsx').then((m) => m.PagesPage) },
  { path: 'feedback', label: 'Feedback inbox', group: 'Customers', capability: 'feedback.write', load: () => import('./feedback/feedback-inbox-page.tsx').then((m) => m.FeedbackInboxPage) },
  { path: 'admin/staff', label: 'Staff accounts', group: 'Admin', capability: 'staff.manage', load: () => import('./admin/staff-accounts-page.tsx').then((m) => m.StaffAccountsPage) },
  // Issue 35: cities, their areas and the areas' CSV file (Admin: the shop's setup).
  { path: 'admin/cities', label: 'Cities and areas', group: 'Admin', capability: 'settings.write', load: () => import('./places/cities-page.tsx').then((m) => m.CitiesPage) },
  { path: 'admin/cities/:id', capability: 'settings.write', load: () => import('./places/city-page.tsx').then((m) => m.CityPage) },
  { path: 'admin/areas-import', capability: 'settings.write', load: () => import('./places/areas-import-page.tsx').then((m) => m.AreasImportPage) },
  { path: 'admin/audit', label: 'Audit log', group: 'Admin', capability: 'audit.read', load: () => import('./admin/audit-log-page.tsx').then((m) => m.AuditLogPage) },
];
