import { useCallback } from 'react';
import { useAuth } from './auth-context';
import { useAuthDialog, type OpenAuthDialogOptions } from './auth-dialog-context';

/**
 * Runs a member-only action, or opens the sign-up modal for a signed-out visitor instead
 * (spec part 1 section 2, auth dialog).
 */
export function useRequireMember() {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  return useCallback(
    (action: () => void, options: OpenAuthDialogOptions = {}) => {
      if (user) action();
      else openAuthDialog({ tab: 'register', reason: 'Create a free account to do that — it only takes a moment.', ...options });
    },
    [user, openAuthDialog],
  );
}
