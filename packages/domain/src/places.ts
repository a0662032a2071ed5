// Issue 35: the cities and their areas, kept by staff (role Admin, capability settings.write) and read
// by sign-up, the storefront and the marketplace from the database. The server enforces these rules;
// the staff app and the buyer pages only mirror them.
import { z } from 'zod';

const Id = z.number().int().positive().max(2_147_483_647);

/** ISO weekdays: 1 = Monday ... 7 = Sunday; WEEKDAYS[d - 1] is its short name. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A place name: letters, digits, spaces and - . ' ( ) / & (no comma: the areas' CSV is comma-separated). */
export const PlaceNameSchema = z
  .string()
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(60, 'must be at most 60 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .'()/&-]*$/u, "may hold letters, digits, spaces and - . ' ( ) / & only");

/** A city named in a query or a form of another module: matched against the database's cities by the server. */
export const CityNameSchema = z.string().trim().min(1).max(60);

export const CutoffTimeSchema = z.string().trim().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a time of day as HH:MM (24-hour), e.g. 18:00');

export const DeliveryDaysSchema = z
  .array(z.number().int().min(1).max(7))
  .min(1, 'must name at least one delivery day')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'must not name a day twice')
  .transform((days) => [...days].sort((a, b) => a - b));

/** Issue 36: the smallest order total the city is delivered for, in whole rupees ("30000"); stored as "30000.00". */
export const MIN_ORDER_VALUE_MAX = 99_999_999;
export const MinOrderValueSchema = z
  .string({ error: 'must be an amount in whole rupees, e.g. 30000' })
  .trim()
  .regex(/^\d{1,9}$/, 'must be an amount in whole rupees, e.g. 30000')
  .refine((v) => Number(v) > 0, 'must be more than 0 (leave it empty for no minimum)')
  .refine((v) => Number(v) <= MIN_ORDER_VALUE_MAX, `must be at most ${MIN_ORDER_VALUE_MAX}`)
  .transform((v) => `${Number(v)}.00`);

export const CityInputSchema = z.strictObject({
  name: PlaceNameSchema,
  active: z.boolean(),
  delivery_days: DeliveryDaysSchema,
  cutoff_time: CutoffTimeSchema,
  /** Issue 36: null for no minimum; left out, a new city has none and a changed one keeps its own. */
  min_order_value: MinOrderValueSchema.nullable().optional(),
});
export type CityInput = z.input<typeof CityInputSchema>;

/** What a buyer is told of a city (sign-up, checkout, the marketplace's city choice). */
export const PublicCitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  delivery_days: z.array(z.number().int()),
  cutoff_time: z.string(),
});
export type PublicCity = z.infer<typeof PublicCitySchema>;

/** GET /api/cities: the active cities, and the one a new visitor starts in (SPEC 2: Lahore while it is active). */
export const PublicCitiesSchema = z.object({ cities: z.array(PublicCitySchema), default_city: z.string().nullable() });
export type PublicCities = z.infer<typeof PublicCitiesSchema>;

export const StaffCitySchema = PublicCitySchema.extend({
  active: z.boolean(),
  /** Issue 36: rupees ("30000.00"), or null: no minimum order. */
  min_order_value: z.string().nullable(),
  areas: z.number().int(),
  active_areas: z.number().int(),
  /** Businesses registered in the city: a city in use is made inactive, never deleted. */
  businesses: z.number().int(),
});
export type StaffCity = z.infer<typeof StaffCitySchema>;

export const AreaInputSchema = z.strictObject({
  name: PlaceNameSchema,
  store_id: Id,
  active: z.boolean(),
});
export type AreaInput = z.infer<typeof AreaInputSchema>;

export const StaffAreaSchema = z.object({
  id: z.number().int(),
  city_id: z.number().int(),
  name: z.string(),
  store_id: z.number().int(),
  active: z.boolean(),
  businesses: z.number().int(),
});
export type StaffArea = z.infer<typeof StaffAreaSchema>;

/** "6:00 pm" for "18:00". */
export function formatCutoff(cutoff: string): string {
  const [h = 0, m = 0] = cutoff.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

/** "Mon, Wed, Fri", or "Mon to Sat" for a run of days. */
export function formatDeliveryDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'every day';
  const run = sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === (sorted[i - 1] as number) + 1);
  const name = (d: number) => WEEKDAYS[d - 1] as string;
  return run ? `${name(sorted[0] as number)} to ${name(sorted.at(-1) as number)}` : sorted.map(name).join(', ');
}

/** What buyers read of a city's deliveries. */
export const deliveryNote = (city: Pick<PublicCity, 'name' | 'delivery_days' | 'cutoff_time'>) =>
  `Deliveries in ${city.name}: ${formatDeliveryDays(city.delivery_days)}. Orders placed by ${formatCutoff(city.cutoff_time)} go out on the next delivery day.`;

// ---- The areas' CSV file ----

/** city and area name an area; store_id is the store that serves it; active (yes/no) may be left out (yes). */
export const AREA_CSV_COLUMNS = ['city', 'area', 'store_id', 'active'] as const;
export type AreaCsvColumn = (typeof AREA_CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly AreaCsvColumn[] = ['city', 'area', 'store_id'];
export const AREA_CSV_ROWS_MAX = 20_000;
export const AREA_CSV_TEXT_MAX = 2_000_000;
export const AREA_CSV_HAS_ERRORS = 'The file has rows with errors. Fix them and preview the file again; nothing was changed.';
export const AREA_CSV_STALE_PREVIEW = 'The areas changed since this preview (or the file did). Preview the file again before applying it.';
/** The character a browser puts where the file's bytes are not UTF-8. */
export const NOT_UTF8 = 'This line is not UTF-8 text (a character could not be read). Save the file as "CSV UTF-8" and preview it again.';

export class AreaCsvFileError extends Error {}

/** Where each column is in the file; a header with a missing, unknown or repeated column is refused. */
export function areaCsvLayout(header: readonly string[]): Map<AreaCsvColumn, number> {
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(AREA_CSV_COLUMNS as readonly string[]).includes(n));
  const problems: string[] = [];
  if (unknown.length > 0) problems.push(`unknown column${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => `"${u}"`).join(', ')}`);
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) problems.push(`missing column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) problems.push(`column ${twice[0]} named twice`);
  if (problems.length > 0) {
    throw new AreaCsvFileError(`Line 1 (the header): ${problems.join('; ')}. The columns are ${AREA_CSV_COLUMNS.join(', ')} (active may be left out).`);
  }
  return new Map(AREA_CSV_COLUMNS.filter((c) => names.includes(c)).map((c) => [c, names.indexOf(c)]));
}

export interface AreaCsvRow {
  city: string;
  area: string;
  store_id: number;
  active: boolean;
}

/** One row's values, or its reasons (the city's existence and duplicates are the server's to check). */
export function readAreaCsvRow(cells: readonly string[], layout: Map<AreaCsvColumn, number>): { row: AreaCsvRow } | { errors: string[] } {
  const cell = (c: AreaCsvColumn) => {
    const at = layout.get(c);
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  if (cells.some((c) => c.includes('\uFFFD'))) return { errors: [NOT_UTF8] };
  const errors: string[] = [];
  if (cells.length > layout.size && cells.slice(layout.size).some((c) => c.trim() !== '')) errors.push(`The row has ${cells.length} cells; the header names ${layout.size}.`);
  const city = cell('city');
  if (!city) errors.push('city is empty.');
  const area = PlaceNameSchema.safeParse(cell('area'));
  if (!area.success) errors.push(`area ${area.error.issues[0]?.message ?? 'is not a name'}${cell('area') ? ` ("${cell('area')}")` : ''}.`);
  const storeText = cell('store_id');
  const store = /^\d{1,9}$/.test(storeText) ? Number(storeText) : 0;
  if (store < 1) errors.push(`store_id must be a whole number above 0${storeText ? ` (not "${storeText}")` : ''}.`);
  const activeText = cell('active').toLowerCase();
  if (!['', 'yes', 'no'].includes(activeText)) errors.push(`active must be yes or no (not "${cell('active')}").`);
  if (errors.length > 0 || !area.success) return { errors };
  return { row: { city, area: area.data, store_id: store, active: activeText !== 'no' } };
}

export const AreaCsvInputSchema = z.strictObject({
  file_name: z.string().trim().min(1).max(200),
  csv: z.string().min(1, 'The file is empty.').max(AREA_CSV_TEXT_MAX, 'The file is too large (at most about 20,000 rows).'),
});
export const AreaCsvApplyInputSchema = AreaCsvInputSchema.extend({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/) });

export const AreaCsvPreviewSchema = z.object({
  rows: z.number().int(),
  new_rows: z.array(z.object({ line: z.number().int(), city: z.string(), area: z.string(), store_id: z.number().int(), active: z.boolean() })),
  changed: z.array(
    z.object({
      line: z.number().int(),
      city: z.string(),
      area: z.string(),
      changes: z.array(z.object({ field: z.enum(['store_id', 'active']), old: z.string(), new: z.string() })),
    }),
  ),
  unchanged: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), reasons: z.array(z.string()) })),
  fingerprint: z.string(),
});
export type AreaCsvPreview = z.infer<typeof AreaCsvPreviewSchema>;

export const AreaCsvResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
