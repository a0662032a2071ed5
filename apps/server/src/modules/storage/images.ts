// Demo images are drawn here as SVG from the file name, so nothing is loaded from outside hosts
// and the repository carries no binary images.

const PALETTE = ['#0f766e', '#b45309', '#1d4ed8', '#be123c', '#4d7c0f', '#7c3aed', '#0369a1', '#c2410c', '#15803d', '#a21caf'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export const colourFor = (key: string) => PALETTE[hash(key) % PALETTE.length] as string;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

export function titleFromSlug(slug: string): string {
  return slug
    .replace(/\.svg$/i, '')
    .split('-')
    .filter(Boolean)
    .map((w) => (w === '&' ? '&' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ')
    .slice(0, 80);
}

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines);
}

/** A square product image: coloured by its category, with the product's name. */
export function productSvg(categoryKey: string, name: string): string {
  const colour = colourFor(categoryKey);
  const lines = wrap(name, 16, 4);
  const text = lines
    .map((l, i) => `<text x="200" y="${250 + i * 34 - (lines.length - 1) * 17}" font-size="28" text-anchor="middle" fill="#1f2937" font-family="Arial,Helvetica,sans-serif" font-weight="600">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="#f8fafc"/><rect x="130" y="40" width="140" height="130" rx="18" fill="${colour}"/><rect x="150" y="62" width="100" height="22" rx="6" fill="#fff" opacity=".85"/><text x="200" y="140" font-size="44" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700">${escapeXml(name.charAt(0).toUpperCase())}</text>${text}<rect y="372" width="400" height="28" fill="${colour}" opacity=".9"/></svg>`;
}

/** A wide banner or tile with a headline. */
export function bannerSvg(key: string, title: string, width: number, height: number): string {
  const colour = colourFor(key);
  const size = Math.round(Math.min(height / 5, width / 14));
  const lines = wrap(title, Math.max(10, Math.floor(width / (size * 0.6))), 2);
  const text = lines
    .map((l, i) => `<text x="${width / 2}" y="${height / 2 + size / 3 + (i - (lines.length - 1) / 2) * size * 1.2}" font-size="${size}" text-anchor="middle" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width * 0.88}" cy="${height * 0.2}" r="${height * 0.45}" fill="#fff" opacity=".08"/>${text}</svg>`;
}
