import { capabilitiesOf } from '@shop/domain/roles';
import { Link } from 'react-router';
import { AccountSideNav } from '../../components/ui/account-side-nav.tsx';
import { useSession } from '../../lib/session.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { DocumentsSection } from './documents-section.tsx';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 border-b border-slate-100 py-3 sm:grid-cols-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words font-medium sm:col-span-2">{value || '-'}</dd>
    </div>
  );
}

export function UserInfoPage() {
  const { user, isGuest } = useSession();
  const caps = capabilitiesOf(user?.type);
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row md:items-start">
      <AccountSideNav />
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-2xl font-bold">Account Information</h1>
          <dl className="mt-3">
            <Row label="Name" value={user?.name ?? 'Guest'} />
            <Row label="Account type" value={user?.type ?? 'Guest'} />
            {!isGuest && (
              <>
                <Row label="Business Name" value={user?.business_name} />
                <Row label="Email" value={user?.email} />
                <Row label="Phone Number" value={user?.mobile_no} />
                <Row label="City" value={user?.city} />
                <Row label="Address" value={user?.address} />
              </>
            )}
          </dl>
          {isGuest && (
            <p className="mt-4 text-slate-700">
              You are browsing as a guest.{' '}
              <Link to="/sign-in" className="font-semibold text-brand underline-offset-2 hover:underline">
                Sign In
              </Link>{' '}
              or{' '}
              <Link to="/sign-up" className="font-semibold text-brand underline-offset-2 hover:underline">
                Create Account
              </Link>{' '}
              to order.
            </p>
          )}
        </section>
        {/* Issue 18: verification, and the documents staff asked for again. */}
        {!isGuest && user ? <DocumentsSection /> : null}
        {/* SPEC 6: hidden for Guests. */}
        {caps.canChangePassword && user && (
          <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <ChangePasswordForm email={user.email} businessName={user.business_name} />
          </section>
        )}
      </div>
    </main>
  );
}
