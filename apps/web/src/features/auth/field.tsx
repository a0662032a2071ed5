import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

/** SPEC 2: grey when untouched, red when touched and invalid, green when valid. */
export function fieldBorder(touched: boolean, valid: boolean): string {
  if (valid) return 'border-green-600 focus:outline-green-600';
  if (touched) return 'border-red-600 focus:outline-red-600';
  return 'border-slate-300 focus:outline-brand';
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Omit for a field without a rule (it stays grey). */
  valid?: boolean;
  hint?: string;
  /** Shown inside the input on the right (the show/hide password button). */
  end?: ReactNode;
  /** Overrides the colour rule (confirm password: red while focused and not matching). */
  borderClass?: string;
}

export function Field({ label, value, onChange, valid, hint, end, borderClass, onBlur, onFocus, ...input }: FieldProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const ruled = valid !== undefined;
  const border = borderClass ?? (ruled ? fieldBorder(touched || (focused && value !== ''), valid) : 'border-slate-300 focus:outline-brand');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onFocus={(e) => {
            setFocused(true);
            onFocus?.(e);
          }}
          onBlur={(e) => {
            setFocused(false);
            setTouched(true);
            onBlur?.(e);
          }}
          aria-invalid={ruled && touched && !valid ? true : undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={`w-full rounded-md border-2 bg-white px-3 py-2 text-base outline-offset-1 focus:outline-2 ${end ? 'pr-12' : ''} ${border}`}
          {...input}
        />
        {end && <div className="absolute inset-y-0 right-1 flex items-center">{end}</div>}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  return (
    <p role="alert" className={message ? 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800' : 'sr-only'}>
      {message ?? ''}
    </p>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-8">
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-brand">{title}</h1>
        {subtitle && <div className="mt-1 text-slate-700">{subtitle}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className="w-full cursor-pointer rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
    >
      {children}
    </button>
  );
}
