import { MESSAGES } from '@shop/domain/account-rules';
import type { SignUpPageData } from '@shop/domain/auth';
import { deliveryNote } from '@shop/domain/places';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getSignUpPageData } from './auth-api.ts';
import { AuthCard, FormError, SubmitButton } from './field.tsx';
import { EMPTY_STEP2, type Step1Draft, type Step2Draft } from './sign-up-draft.ts';

interface Option {
  value: number;
  label: string;
}

function Select({ label, value, options, onChange, disabled }: { label: string; value: number | ''; options: Option[]; onChange(v: number | ''): void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
        className={`w-full rounded-md border-2 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-brand disabled:bg-slate-100 ${value === '' ? 'border-slate-300' : 'border-green-600'}`}
      >
        <option value="">Select {label}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SignUp2Page() {
  const navigate = useNavigate();
  const state = useLocation().state as { step1?: Step1Draft; step2?: Step2Draft } | null;
  const data = useQuery({ queryKey: ['sign-up-page-data'], queryFn: getSignUpPageData, staleTime: 10 * 60_000 });
  const [draft, setDraft] = useState<Step2Draft>(state?.step2 ?? EMPTY_STEP2);
  const [error, setError] = useState<string | null>(null);
  if (!state?.step1) return <Navigate to="/sign-up" replace />;
  const step1 = state.step1;

  const d: SignUpPageData = data.data ?? { business_types: [], cities: [], areas: [] };
  // SPEC 2: items value = id, label = name.
  const types = d.business_types.filter((t) => t.parent_id == null).map((t) => ({ value: t.id, label: t.name }));
  const subTypes = d.business_types.filter((t) => draft.businessTypeId !== '' && t.parent_id === draft.businessTypeId).map((t) => ({ value: t.id, label: t.name }));
  const cities = d.cities.map((c) => ({ value: c.id, label: c.name }));
  const areas = d.areas.filter((a) => a.parentId === draft.cityId).map((a) => ({ value: a.id, label: a.name }));

  function next(e: FormEvent) {
    e.preventDefault();
    const complete = draft.businessTypeId !== '' && (subTypes.length === 0 || draft.subTypeId !== '') && draft.cityId !== '' && draft.areaId !== '';
    setError(complete ? null : MESSAGES.requiredFields);
    if (complete) navigate('/sign-up-3', { state: { step1, step2: draft } });
  }

  return (
    <AuthCard title="Create Account" subtitle={<><p className="text-lg font-semibold">Welcome</p><p>Please enter your preferences</p></>}>
      <form onSubmit={next} noValidate className="flex flex-col gap-4">
        {data.isError && <p role="alert" className="text-sm text-red-700">The lists could not be loaded. You can Skip and add them later.</p>}
        <Select
          label="Business Type"
          value={draft.businessTypeId}
          options={types}
          onChange={(v) => setDraft((x) => ({ ...x, businessTypeId: v, businessType: types.find((t) => t.value === v)?.label ?? '', subTypeId: '' }))}
        />
        <Select label="Sub Business Type" value={draft.subTypeId} options={subTypes} disabled={subTypes.length === 0} onChange={(v) => setDraft((x) => ({ ...x, subTypeId: v }))} />
        <Select label="City" value={draft.cityId} options={cities} onChange={(v) => setDraft((x) => ({ ...x, cityId: v, areaId: '', storeId: '' }))} />
        {(() => {
          // Issue 35: the chosen city's delivery days and cut-off time, as staff set them.
          const chosen = d.cities.find((c) => c.id === draft.cityId);
          return chosen ? <p className="-mt-2 text-sm text-slate-600">{deliveryNote(chosen)}</p> : null;
        })()}
        <Select
          label="Area"
          value={draft.areaId}
          options={areas}
          disabled={draft.cityId === ''}
          onChange={(v) => setDraft((x) => ({ ...x, areaId: v, storeId: d.areas.find((a) => a.id === v)?.store_id ?? '' }))}
        />
        <FormError message={error} />
        <SubmitButton busy={false}>Next</SubmitButton>
      </form>
      <button
        type="button"
        onClick={() => navigate('/sign-up-3', { state: { step1, step2: EMPTY_STEP2 } })}
        className="mt-4 w-full cursor-pointer text-center text-sm font-semibold text-brand underline-offset-2 hover:underline"
      >
        Skip
      </button>
    </AuthCard>
  );
}
