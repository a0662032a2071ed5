import type { StaffMe } from '@shop/domain/staff';
import { useState } from 'react';
import { useStaffSession } from '../staff-session.tsx';
import { PrimaryButton } from '../ui.tsx';
import { EnrolPanel } from './enrol-panel.tsx';

/** Two-factor sign-in for roles that are offered it (Order desk, Catalogue): turn it on here. */
export function TwoFactorPage() {
  const { me, signedIn } = useStaffSession();
  const [started, setStarted] = useState(false);
  const [finished, setFinished] = useState(false);
  if (!me) return null;
  return (
    <div className="max-w-xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h1 className="text-xl font-semibold">Two-factor sign-in</h1>
      {me.totpEnabled || finished ? (
        <p className="mt-2 text-slate-700">Two-factor sign-in is on for your account. If you lose your phone, use a recovery code or ask an Admin to reset it.</p>
      ) : started ? (
        <div className="mt-4">
          <EnrolPanel
            onDone={(m: StaffMe) => {
              signedIn(m);
              setFinished(true);
            }}
          />
        </div>
      ) : (
        <>
          <p className="mt-2 text-slate-700">Protect your account with a code from an authenticator app on your phone, asked for at every sign-in.</p>
          <PrimaryButton type="button" className="mt-4" onClick={() => setStarted(true)}>Set up two-factor sign-in</PrimaryButton>
        </>
      )}
    </div>
  );
}
