// SPEC 2: slug rule for marketplace names.
/** Lower case; each run of characters that are neither alphanumeric nor '&' becomes one hyphen. */
export function toSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A path segment back to a name: hyphens or underscores to spaces, upper-cased. */
export function nameFromSegment(segment: string): string {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // keep the raw segment when it is not valid percent-encoding
  }
  return text.replace(/[-_]+/g, ' ').trim().toUpperCase();
}
