import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { paymentsStatusKey, type PaymentsStatus } from './billing-api';

const PollMs = 1500;
/** After this many polls the page says the confirmation is slow (it keeps polling). */
const PatientPolls = 20;

export type CheckoutReturn = 'confirming' | 'slow' | 'confirmed';

/**
 * Back from checkout: the plan changes only when billing has applied the provider's webhook, so
 * the member and the payment status are read again until the role is the subscription's plan. The
 * celebration (OnboardingHost) then follows the real role change; nothing celebrates before it.
 */
export function useCheckoutReturn(active: boolean, user: User, status: PaymentsStatus | undefined): CheckoutReturn {
  const queryClient = useQueryClient();
  const [polls, setPolls] = useState(0);
  const subscription = status?.subscription;
  const confirmed = Boolean(subscription && ['active', 'trialing'].includes(subscription.status) && subscription.plan === user.role);

  useEffect(() => {
    if (!active || confirmed) return;
    const timer = setInterval(() => {
      setPolls((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: paymentsStatusKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    }, PollMs);
    return () => clearInterval(timer);
  }, [active, confirmed, queryClient]);

  if (confirmed) return 'confirmed';
  return polls >= PatientPolls ? 'slow' : 'confirming';
}
