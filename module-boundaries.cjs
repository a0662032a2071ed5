/**
 * Issue 17, decision 021 (docs/decisions/021-module-boundaries.md): which server module owns each
 * table, and the imports of another module's schema file still allowed, each with its reason.
 * .dependency-cruiser.cjs turns this into the rule "module-reads-only-own-tables" (npm run lint).
 *
 * A module reads and writes only its own tables and asks another module through that module's
 * service functions. The check works on files (dependency-cruiser sees imports, not names): a module
 * may import a schema file when it owns at least one table in it. Files that hold tables of several
 * owners are marked `mixed`; splitting them is listed as left to do in decision 021.
 *
 * Scope: apps/server/src/modules/<module>/ except tests (*.test.ts build fixtures and check rows of any
 * table). lib/, seed/, cli/ and db/ are infrastructure, not modules.
 */

/** schema file (apps/server/src/db/schema/) -> table -> owning module (a folder of apps/server/src/modules). */
const tableOwners = {
  'business.ts': {
    // "accounts": a business and its users (registration in auth writes them, staff decide them in businesses).
    businesses: 'businesses',
    business_users: 'businesses',
    customer_prices: 'prices',
    uploads: 'uploads',
  },
  'catalogue.ts': {
    categories: 'catalogue',
    brands: 'catalogue',
    products: 'catalogue',
    product_business_types: 'catalogue',
    // Staff edit banners in content (content.service.ts); the file being mixed, content may import it
    // whole, so its read of categories (a banner's category) is not caught: split the file (decision 021).
    banners: 'content',
    catalogue_versions: 'catalogue',
    catalogue_changes: 'catalogue',
  },
  'catalogue-admin.ts': {
    catalogue_batches: 'catalogue-admin',
    catalogue_batch_rows: 'catalogue-admin',
    // The marketplace's old slugs (SQL names keep bmpl_: decision 022).
    bmpl_slug_redirects: 'marketplace',
  },
  'finance.ts': {
    receipts: 'finance',
    credit_notes: 'finance',
    cheque_clearances: 'finance',
    ledger_postings: 'finance',
    ledger_allocations: 'finance',
    credit_hold_releases: 'finance',
  },
  'marketplace.ts': { bmpl_products: 'marketplace', bmpl_product_cities: 'marketplace' },
  'order-desk.ts': {
    order_events: 'order-desk',
    order_notes: 'order-desk',
    delivery_runs: 'order-desk',
    delivery_run_orders: 'order-desk',
    staff_saved_views: 'order-desk',
    // Issue 36: buyers' requests to cancel or change an order; the desk answers them.
    order_change_requests: 'order-desk',
  },
  'order-lists.ts': { order_lists: 'reorder', order_list_items: 'reorder' },
  'orders.ts': { orders: 'orders', order_details: 'orders', invoices: 'orders', ledgers: 'orders' },
  // Reference data (seeded, written by no module): owned by businesses, whose records point at them.
  // Issue 35: the Admin keeps the cities and their areas (modules/places); business types stay with businesses.
  'places.ts': { cities: 'places', areas: 'places', business_types: 'businesses' },
  'prices-content.ts': {
    city_prices: 'prices',
    quantity_prices: 'prices',
    ticker_messages: 'content',
    info_pages: 'content',
    site_settings: 'content',
    feedback_entries: 'feedback-inbox',
  },
  'staff.ts': {
    staff_users: 'staff-auth',
    staff_sessions: 'staff-auth',
    staff_recovery_codes: 'staff-auth',
    // Shared infrastructure: every staff module writes audit entries through audit.service.ts.
    audit_log: 'audit',
  },
  'support.ts': {
    feedback: 'feedback',
    reset_codes: 'auth',
    // Infrastructure in lib/ (mailer, buyer sessions), not a module: no module imports them.
    outbox: 'lib',
    sessions: 'lib',
  },
};

/** Schema files without tables: column helpers (createdAt, money, isoTime) any module may import. */
const sharedSchemaFiles = ['common.ts'];

/**
 * Imports of another module's schema file still allowed. Each names the importing file (not the
 * module: a new file in the same module is a new violation), the schema file, the tables it uses and why.
 * Kinds of reason: "one statement" (a join that must stay one SQL statement, for speed or atomicity),
 * "not yet moved" (to be replaced by a call to the owner's service).
 */
const allowed = [
  { from: 'apps/server/src/modules/catalogue/pricing.service.ts', schema: 'business.ts', tables: ['businesses', 'customer_prices'], reason: 'one statement: the displayed price (SPEC 9, decision 019) is an SQL expression joined into every listing, cart and order statement; the business\'s city and its locked price are subqueries of it, not a second round trip per page' },
  { from: 'apps/server/src/modules/catalogue/pricing.service.ts', schema: 'prices-content.ts', tables: ['city_prices', 'quantity_prices'], reason: 'one statement: as above, the city price and quantity thresholds in effect are subqueries of the price expression' },
  { from: 'apps/server/src/modules/catalogue/listing-sql.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'one statement: a price sort or range over locked prices is evaluated in the listing query (indexes of migration 0005)' },
  { from: 'apps/server/src/modules/catalogue/listing.service.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'one statement: as listing-sql.ts' },
  { from: 'apps/server/src/modules/catalogue/listing.service.ts', schema: 'places.ts', tables: ['business_types'], reason: 'one statement: visibility by business type is a join of the listing query' },
  { from: 'apps/server/src/modules/catalogue/catalogue-index.ts', schema: 'business.ts', tables: ['customer_prices'], reason: 'not yet moved: the in-memory copy loads locked prices itself; issue 17\'s change feed will take them from the prices module' },
  { from: 'apps/server/src/modules/catalogue/reference.service.ts', schema: 'places.ts', tables: ['business_types'], reason: 'not yet moved: the filter list of business types (reference data), to be read through a businesses service' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-write.ts', schema: 'catalogue.ts', tables: ['products', 'categories', 'brands', 'product_business_types'], reason: 'not yet moved: the staff write side of the catalogue; issue 17 moves writes behind a catalogue write service with the change feed' },
  { from: 'apps/server/src/modules/catalogue-admin/catalogue-write.ts', schema: 'places.ts', tables: ['business_types'], reason: 'not yet moved: checks the business types a product is shown to exist' },
  { from: 'apps/server/src/modules/catalogue-admin/categories-brands.service.ts', schema: 'catalogue.ts', tables: ['categories', 'brands', 'products'], reason: 'not yet moved: as catalogue-write.ts' },
  { from: 'apps/server/src/modules/catalogue-admin/categories-brands.service.ts', schema: 'marketplace.ts', tables: ['bmpl_products'], reason: 'one transaction, not yet moved: merging a brand renames it on marketplace products in the same transaction; the marketplace module was being renamed when this was written' },
  { from: 'apps/server/src/modules/marketplace/marketplace.service.ts', schema: 'catalogue.ts', tables: ['brands', 'categories'], reason: 'not yet moved: the marketplace (then modules/bmpl) was being renamed when the rule came (decision 022)' },
  { from: 'apps/server/src/modules/marketplace/marketplace.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'not yet moved: as above (the rename, decision 022)' },
  { from: 'apps/server/src/modules/auth/auth.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved: sign-in reads the user with its business in one statement per request; to become a businesses service' },
  { from: 'apps/server/src/modules/auth/auth.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'not yet moved: the session user\'s city name, same statement' },
  { from: 'apps/server/src/modules/auth/register.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved, one transaction: registration creates the business and its owner together' },
  { from: 'apps/server/src/modules/auth/register.service.ts', schema: 'places.ts', tables: ['cities', 'areas', 'business_types'], reason: 'not yet moved: the sign-up page\'s choices (reference data)' },
  { from: 'apps/server/src/modules/auth/reset.service.ts', schema: 'business.ts', tables: ['business_users'], reason: 'not yet moved: the password reset finds and updates the user' },
  { from: 'apps/server/src/modules/accounts-read/accounts-read.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'not yet moved: GET /api/read/Businesses and BusinessUsers' },
  { from: 'apps/server/src/modules/order-desk/queue.service.ts', schema: 'business.ts', tables: ['businesses'], reason: 'one statement: the queue\'s search by business name and its pages are one query over a million orders (bench/order-queue.ts, p95 < 100 ms)' },
  { from: 'apps/server/src/modules/order-desk/queue.service.ts', schema: 'orders.ts', tables: ['orders'], reason: 'one statement: as above; the queue is a read model over orders' },
  { from: 'apps/server/src/modules/order-desk/order-moves.service.ts', schema: 'orders.ts', tables: ['orders', 'order_details'], reason: 'one transaction, not yet moved: a staff move updates the order, its lines, its event and the ledger together' },
  { from: 'apps/server/src/modules/ledgers/ledgers.service.ts', schema: 'orders.ts', tables: ['invoices', 'ledgers'], reason: 'not yet moved: ledgers and invoices are defined in orders.ts but written here; the file is to be split (ledgers owning them)' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'business.ts', tables: ['businesses', 'business_users'], reason: 'reporting join: the inbox page shows who sent each message, one statement per page' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'staff.ts', tables: ['staff_users'], reason: 'reporting join: the assignee\'s name, and the list of staff to assign to' },
  { from: 'apps/server/src/modules/feedback-inbox/feedback-inbox.service.ts', schema: 'support.ts', tables: ['feedback'], reason: 'not yet moved: staff read and assign buyers\' feedback; to be a feedback service' },
  // Issue 35: the first-run checklist counts rows of each owner's tables and writes nothing.
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'places.ts', tables: ['cities', 'areas', 'business_types'], reason: 'reporting: the first-run checklist is one statement of counts over the reference data, the catalogue, the staff and the content' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'catalogue.ts', tables: ['categories', 'products', 'banners'], reason: 'reporting: as above' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'prices-content.ts', tables: ['ticker_messages'], reason: 'reporting: as above' },
  { from: 'apps/server/src/modules/go-live/go-live.service.ts', schema: 'staff.ts', tables: ['staff_users'], reason: 'reporting: as above (who can sign in for the desk and Finance)' },
  { from: 'apps/server/src/modules/staff-accounts/staff-accounts.service.ts', schema: 'staff.ts', tables: ['staff_users', 'staff_recovery_codes'], reason: 'not yet moved: staff administration writes staff-auth\'s tables; to be a staff-auth service' },
  { from: 'apps/server/src/modules/content/content.service.ts', schema: 'places.ts', tables: ['cities'], reason: 'reporting join: the city name of each banner and ticker message on the staff content pages' },
];

/** Owners of a schema file: every module owning one of its tables. */
const ownersOf = (file) => [...new Set(Object.values(tableOwners[file]))];

module.exports = { tableOwners, sharedSchemaFiles, allowed, ownersOf };
