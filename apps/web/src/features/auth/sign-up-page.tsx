import { isValidEmail } from '@shop/domain/account';
import { isValidBusinessName, isValidCustomerName, isValidSignUpPhone, signUpStep1Error } from '@shop/domain/account-rules';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard, Field, FormError, SubmitButton } from './field.tsx';
import { EMPTY_STEP2, registrationPayload, type Step1Draft } from './sign-up-draft.ts';
import { useRegistration } from './use-registration.ts';

export function SignUpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { guestEntry?: boolean; step1?: Step1Draft } | null;
  const [draft, setDraft] = useState<Step1Draft>(state?.step1 ?? { name: '', businessName: '', phone: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const { busy, submitRegistration } = useRegistration(setError);
  const set = (key: keyof Step1Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = signUpStep1Error({ customerName: draft.name, businessName: draft.businessName, phone: draft.phone, email: draft.email });
    setError(invalid);
    if (invalid) return;
    if (!state?.guestEntry) {
      navigate('/sign-up-2', { state: { step1: draft } });
      return;
    }
    // SPEC 4: from 'View Assortment as a Guest' the registration is posted now and ends at /home.
    await submitRegistration(registrationPayload(draft, EMPTY_STEP2));
  }

  return (
    <AuthCard title="Sign Up" subtitle="Create an account for your business.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Customer Name" autoComplete="name" value={draft.name} onChange={set('name')} valid={isValidCustomerName(draft.name)} hint="At least 8 characters" />
        <Field
          label="Business Name"
          autoComplete="organization"
          value={draft.businessName}
          onChange={set('businessName')}
          valid={isValidBusinessName(draft.businessName)}
          hint="More than 8 characters"
        />
        <Field
          label="Phone Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={12}
          placeholder="923001234567"
          value={draft.phone}
          onChange={(v) => set('phone')(v.replace(/\D/g, ''))}
          valid={isValidSignUpPhone(draft.phone)}
          hint="Pakistan only: 92 followed by 10 digits"
        />
        <Field label="Email" type="email" autoComplete="email" value={draft.email} onChange={set('email')} valid={isValidEmail(draft.email)} />
        <FormError message={error} />
        <SubmitButton busy={busy}>Sign Up</SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to="/sign-in" className="font-semibold text-brand underline-offset-2 hover:underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
