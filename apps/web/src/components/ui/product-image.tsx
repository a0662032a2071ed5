import { productImageSources } from '@shop/domain/product-images';
import { useState } from 'react';
import { PLACEHOLDER_IMAGE, productImageUrl } from '../../lib/images.ts';

/**
 * A product image that falls back to a placeholder when missing or broken (SPEC 8). An uploaded photo
 * (issue 19) comes in several widths as AVIF and WebP: the browser picks the format it reads and the
 * width the card needs. `main` is a product page's own image, the largest thing on a phone's first
 * screen: fetched at once and ahead of the other images.
 */
export function ProductImage({
  urlName,
  alt,
  className = '',
  eager = false,
  main = false,
}: { urlName: string | null | undefined; alt: string; className?: string; eager?: boolean; main?: boolean }) {
  const [failed, setFailed] = useState(false);
  const sources = failed ? null : productImageSources(urlName);
  const img = (
    <img
      src={failed ? PLACEHOLDER_IMAGE : productImageUrl(urlName)}
      srcSet={sources?.webp}
      sizes={sources ? '(min-width: 768px) 240px, 50vw' : undefined}
      alt={alt}
      width={400}
      height={400}
      loading={eager || main ? 'eager' : 'lazy'}
      fetchPriority={main ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-square w-full object-contain ${className}`}
    />
  );
  if (!sources) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={sources.avif} sizes="(min-width: 768px) 240px, 50vw" />
      {img}
    </picture>
  );
}
