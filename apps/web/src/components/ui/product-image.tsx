import { useState } from 'react';
import { PLACEHOLDER_IMAGE, productImageUrl } from '../../lib/images.ts';

/** A product image that falls back to a placeholder when missing or broken (SPEC 8). */
export function ProductImage({ urlName, alt, className = '', eager = false }: { urlName: string | null | undefined; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? PLACEHOLDER_IMAGE : productImageUrl(urlName)}
      alt={alt}
      width={400}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={`aspect-square w-full object-contain ${className}`}
    />
  );
}
