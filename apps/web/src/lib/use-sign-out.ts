import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './session.tsx';

/**
 * SPEC 4 Sign-out, the one handler every Sign Out entry uses (account menu, ordering bar on
 * mobile, account side navigation, mobile account landing): the session clears local storage
 * (the cart too unless Guest), then the buyer lands on /sign-in.
 */
export function useSignOut(): () => void {
  const { signOut } = useSession();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    navigate('/sign-in');
  }, [signOut, navigate]);
}
