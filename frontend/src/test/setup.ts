import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// Component tests answer GET /api/auth/me from a fetch mock, so they run as a browser the gateway
// has marked as "maybe signed in" (see mayBeSignedIn in features/auth/auth-context).
document.cookie = 'tf_member=1; path=/';
