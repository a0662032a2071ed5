/** SPEC 2: a full URL is used as is; otherwise our storage base path is prefixed. */
export function productImageUrl(urlName: string | null | undefined): string {
  if (!urlName) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//.test(urlName) || urlName.startsWith('/')) return urlName;
  return `/storage/products/${urlName}`;
}

export const PLACEHOLDER_IMAGE =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 400 400'%3E%3Crect width='400' height='400' fill='%23e2e8f0'/%3E%3Cpath d='M140 250l50-60 40 45 30-30 50 45z' fill='%2394a3b8'/%3E%3Ccircle cx='250' cy='150' r='22' fill='%2394a3b8'/%3E%3C/svg%3E";
