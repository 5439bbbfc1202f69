import { lazy, Suspense, type ComponentProps } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import type { UsageMeter as UsageMeterComponent } from '@/features/usage/UsageMeter';
import type { Avatar as AvatarComponent } from '@/ui/avatar';

// Parts of the shell only a signed-in member sees, each its own chunk: visitors' pages (the landing
// page above all) never download them, nor the Radix popover, progress and avatar they bring.
const LazyUsageMeter = lazy(() => import('@/features/usage/UsageMeter').then((m) => ({ default: m.UsageMeter })));
const LazyAvatar = lazy(() => import('@/ui/avatar').then((m) => ({ default: m.Avatar })));

export function UsageMeter(props: ComponentProps<typeof UsageMeterComponent>) {
  return (
    <Suspense fallback={null}>
      <LazyUsageMeter {...props} />
    </Suspense>
  );
}

export function Avatar(props: ComponentProps<typeof AvatarComponent>) {
  return (
    <Suspense fallback={<span aria-hidden className={`inline-block rounded-full bg-white/5 ${props.className ?? ''}`} />}>
      <LazyAvatar {...props} />
    </Suspense>
  );
}

const LazyOnboardingHost = lazy(() => import('@/features/onboarding/OnboardingHost').then((m) => ({ default: m.OnboardingHost })));

/** The onboarding tour and plan celebrations (features/onboarding), for signed-in members only. */
export function OnboardingHost() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <LazyOnboardingHost />
    </Suspense>
  );
}
