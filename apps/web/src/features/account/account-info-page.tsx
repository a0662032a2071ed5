import { CircleUserRound } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSession } from '../../lib/session.tsx';
import { AccountNav } from './account-nav.tsx';

/** SPEC 2: the mobile account landing: profile photo (local only), user name, account menu. */
export function AccountInfoPage() {
  const { user } = useSession();
  const [photo, setPhoto] = useState<string | null>(null);
  const inputId = useId();
  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo);
  }, [photo]);
  return (
    <main className="mx-auto w-full max-w-md px-4 py-6">
      <h1 className="sr-only">Account</h1>
      <section className="mb-5 flex flex-col items-center gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        {photo ? (
          <img src={photo} alt="Profile" className="h-24 w-24 rounded-full object-cover" />
        ) : (
          <CircleUserRound aria-hidden="true" className="h-24 w-24 text-slate-400" />
        )}
        {/* SPEC 2: camera or library, kept on this device only. */}
        <label htmlFor={inputId} className="cursor-pointer text-sm font-semibold text-brand underline-offset-2 hover:underline">
          Change photo
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) setPhoto(URL.createObjectURL(file));
          }}
        />
        <p className="text-xl font-bold">{user?.name ?? 'Guest'}</p>
        {user?.business_name && <p className="text-slate-700">{user.business_name}</p>}
      </section>
      <AccountNav />
    </main>
  );
}
