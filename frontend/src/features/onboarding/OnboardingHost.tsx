import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Role } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { isUpgrade, lastSeenRole, rememberRole } from './plan-ladder';

// Both dialogs are their own chunks: most visits need neither.
const OnboardingDialog = lazy(() => import('./OnboardingDialog'));
const PlanUpgradeDialog = lazy(() => import('./PlanUpgradeDialog'));

/**
 * Mounted by the app shell: the onboarding tour while the member has not onboarded, and the
 * plan-upgrade celebration when their role moves up the ladder afterwards. Hidden on /waitlist.
 */
export function OnboardingHost() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [celebrate, setCelebrate] = useState<Role | null>(null);

  const userId = user?.id;
  const role = user?.role;
  const onboarded = user?.hasOnboarded;
  useEffect(() => {
    if (!userId || !role || !onboarded) return;
    if (isUpgrade(lastSeenRole(userId), role)) setCelebrate(role);
    rememberRole(userId, role);
  }, [userId, role, onboarded]);

  if (!user || pathname.startsWith('/waitlist')) return null;
  if (!user.hasOnboarded && dismissedFor !== user.id) {
    return (
      <Suspense fallback={null}>
        <OnboardingDialog user={user} onClosed={() => setDismissedFor(user.id)} />
      </Suspense>
    );
  }
  if (celebrate) {
    return (
      <Suspense fallback={null}>
        <PlanUpgradeDialog role={celebrate} onClose={() => setCelebrate(null)} />
      </Suspense>
    );
  }
  return null;
}
