import type { StaffProduct } from '@shop/domain/catalogue-admin';
import { PRODUCT_IMAGE_MAX_BYTES, productImageSources } from '@shop/domain/product-images';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { staffUpload } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';

const imageUrl = (urlName: string) => (/^https?:\/\//.test(urlName) || urlName.startsWith('/') ? urlName : `/storage/products/${urlName}`);

/** Issue 19: the product's photo, uploaded with a progress bar; the server makes its widths and formats. */
export function PhotoPanel({ product }: { product: StaffProduct }) {
  const canWrite = useStaffSession().can('catalogue.write');
  const queryClient = useQueryClient();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const sources = productImageSources(product.url_name);
  const upload = async (file: File) => {
    setError(null);
    setDone(false);
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) return setError(new Error('Choose a PNG, JPEG or WebP photo.'));
    if (file.size > PRODUCT_IMAGE_MAX_BYTES) return setError(new Error('The photo is larger than 8 MB; save it smaller and try again.'));
    setProgress(0);
    try {
      const updated = await staffUpload<StaffProduct>(`/api/staff/catalogue/products/${product.id}/image`, file, setProgress);
      queryClient.setQueryData(['staff', 'catalogue', 'product', product.id], updated);
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  };
  return (
    <Panel title="Photo">
      <div className="flex flex-wrap items-start gap-4">
        <picture>
          {sources ? <source type="image/avif" srcSet={sources.avif} sizes="160px" /> : null}
          <img src={imageUrl(product.url_name)} srcSet={sources?.webp} sizes="160px" alt={product.name} width={160} height={160} className="h-40 w-40 rounded border border-slate-200 object-contain" />
        </picture>
        {canWrite ? (
          <div className="flex flex-col gap-2 text-sm">
            <label htmlFor={inputId} className="font-medium">
              New photo (PNG, JPEG or WebP, up to 8 MB)
            </label>
            <input
              id={inputId}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className={field}
              disabled={progress !== null}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
                e.target.value = '';
              }}
            />
            {progress !== null ? (
              <label className="flex items-center gap-2">
                Uploading
                <progress max={1} value={progress} aria-label="Upload progress" className="w-64" />
                {Math.round(progress * 100)} %
              </label>
            ) : null}
            {done ? <p role="status" className="text-emerald-900">Photo saved: the shop shows it in three widths as WebP and AVIF.</p> : null}
            <ErrorLine error={error} />
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
