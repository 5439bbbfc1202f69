import { api, data } from '@/lib/api-client';
import type { User } from '@/lib/types';

/** PUT /api/users/onboarding {hasOnboarded}: the updated user. */
export async function updateOnboarding(hasOnboarded: boolean): Promise<User> {
  try {
    return await data(api.PUT('/api/users/onboarding', { body: { hasOnboarded } }));
  } catch (error) {
    console.error('Failed to update onboarding status', error);
    throw new Error('Failed to update onboarding status', { cause: error });
  }
}
