import { apiRequest } from '@/lib/api';
import type { User } from '@/lib/types';

/** PUT /api/users/onboarding {hasOnboarded}: the updated user. */
export async function updateOnboarding(hasOnboarded: boolean): Promise<User> {
  try {
    const res = await apiRequest('PUT', '/api/users/onboarding', { hasOnboarded });
    return (await res.json()) as User;
  } catch (error) {
    console.error('Failed to update onboarding status', error);
    throw new Error('Failed to update onboarding status', { cause: error });
  }
}
