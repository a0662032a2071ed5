// Money is handled as integer paisa so sums are exact (ARCHITECTURE: never floats).
export type Paisa = number;

const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Parses a decimal rupee amount ("1234.5", 1234.5) into integer paisa. */
export function toPaisa(rupees: string | number): Paisa {
  const text = typeof rupees === 'number' ? rupees.toFixed(2) : rupees.trim();
  // One match with captures: an order prices each line about ten times (bench/orders-place.ts).
  const m = MONEY.exec(text);
  if (!m) throw new Error(`Not a money amount: ${text}`);
  const frac = m[3];
  const value = Number(m[2]) * 100 + (frac === undefined ? 0 : frac.length === 1 ? Number(frac) * 10 : Number(frac));
  return m[1] ? -value : value;
}

/** Formats integer paisa as a decimal rupee string with two places ("1234.50"). */
export function fromPaisa(paisa: Paisa): string {
  const negative = paisa < 0;
  const abs = Math.abs(Math.round(paisa));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

let grouping: Intl.NumberFormat | undefined;
/**
 * A number with thousands separators ("1,250"), exactly as Intl.NumberFormat('en-US') writes it.
 * Whole numbers (every count and rupee amount the shop shows) are grouped here by hand: the first
 * `new Intl.NumberFormat` loads ICU's number data and blocks the main thread for 60-130 ms on this
 * machine (240-530 ms at Lighthouse's 4x phone throttling), inside the first render of every page
 * (issue 15, total blocking time). Anything else (fractions, -0, beyond 2^53) goes to Intl, made on
 * first use. `money.test.ts` compares both paths with Intl on random inputs.
 */
export function groupDigits(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0)) return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  grouping ??= new Intl.NumberFormat('en-US');
  return grouping.format(n);
}

/** SPEC 9: whole rupees with thousands separators, e.g. "Rs. 1,250". */
export function formatRupees(amount: string | number, prefix: 'Rs.' | 'PKR' = 'Rs.'): string {
  const paisa = toPaisa(amount);
  const whole = Math.round(paisa / 100);
  return `${prefix} ${groupDigits(whole)}`;
}
