/** Query keys are the REST paths the spec calls. */
export const queryKeys = {
  me: ['/api/auth/me'] as const,
  trends: ['/api/trends'] as const,
  images: ['/api/images'] as const,
};
