import { IMAGE_NOT_AN_IMAGE, IMAGE_TOO_LARGE, UPLOADED_IMAGE_MAX_BYTES, UPLOADED_IMAGE_TYPES, type UploadedImageKind, uploadedImageSources } from '@shop/domain/product-images';
import { useId, useState } from 'react';
import { ErrorLine, field } from './orders/desk-ui.tsx';
import { staffUpload } from './staff-api.ts';

interface Uploaded {
  path: string;
}

/**
 * Issue 35: a picture is uploaded, never typed. The file goes to POST /api/staff/images/:kind (checked,
 * resized and stored by the server, as product photos are), a preview shows what was stored, and the
 * form keeps the address the server answered. The checks here only mirror the server's.
 */
export function PictureUpload({ kind, label, value, onChange, previewClass }: { kind: UploadedImageKind; label: string; value: string | null; onChange: (path: string | null) => void; previewClass: string }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const upload = async (file: File) => {
    setError(null);
    if (!(UPLOADED_IMAGE_TYPES as readonly string[]).includes(file.type)) return setError(new Error(IMAGE_NOT_AN_IMAGE));
    if (file.size > UPLOADED_IMAGE_MAX_BYTES) return setError(new Error(IMAGE_TOO_LARGE));
    setProgress(0);
    try {
      onChange((await staffUpload<Uploaded>(`/api/staff/images/${kind}`, file, setProgress)).path);
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  };
  const sources = uploadedImageSources(value);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <picture>
            {sources ? <source type="image/avif" srcSet={sources.avif} sizes="320px" /> : null}
            <img src={value} srcSet={sources?.webp} sizes="320px" alt={`Preview of the ${label.toLowerCase()}`} className={`rounded border border-slate-200 bg-slate-50 object-cover ${previewClass}`} />
          </picture>
        ) : (
          <span className={`flex items-center justify-center rounded border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-500 ${previewClass}`}>No picture yet</span>
        )}
        <div className="flex flex-col gap-1">
          <input
            id={inputId}
            type="file"
            accept={UPLOADED_IMAGE_TYPES.join(',')}
            className={`${field} w-64`}
            disabled={progress !== null}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
              e.target.value = '';
            }}
          />
          <span className="text-xs text-slate-500">PNG, JPEG or WebP, up to {UPLOADED_IMAGE_MAX_BYTES / 1024 / 1024} MB</span>
          {progress !== null ? <progress max={1} value={progress} aria-label="Upload progress" className="w-64" /> : null}
          {value && progress === null ? (
            <button type="button" className="self-start text-xs text-sky-800 underline" onClick={() => onChange(null)}>
              Remove picture
            </button>
          ) : null}
        </div>
      </div>
      <ErrorLine error={error} />
    </div>
  );
}
