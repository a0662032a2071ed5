// SPEC 2: the marketplace search page's address. Its own module: the search box is in every page's
// shell, and importing marketplace-rules there put the marketplace's rules in every first load.

/** The search page's address for a typed text: spaces become hyphens (searchTextFromParam reads it back). */
export const marketplaceSearchPath = (text: string) => `/bmpl/search?searchValue=${encodeURIComponent(text.trim().replace(/\s+/g, '-'))}`;

/** The search page turns hyphens in the text into spaces. */
export const searchTextFromParam = (value: string | null) => (value ?? '').replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
