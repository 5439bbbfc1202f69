import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from './auth-mutations';

/** Signs out (clearing every cache) and returns to the landing page. */
export function useSignOut() {
  const logoutMutation = useLogoutMutation();
  const navigate = useNavigate();
  const signOut = useCallback(
    (onDone?: () => void) => {
      logoutMutation.mutate(undefined, {
        onSuccess: () => {
          onDone?.();
          navigate('/', { replace: true });
        },
      });
    },
    [logoutMutation, navigate],
  );
  return { signOut, isPending: logoutMutation.isPending };
}
