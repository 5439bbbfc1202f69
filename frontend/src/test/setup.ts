import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// findBy and waitFor answer as soon as what they wait for is there; their limit only stops a hang
// (the default 1 s failed on a machine under load, where React's renders run several times slower).
configure({ asyncUtilTimeout: 20_000 });

// Component tests answer GET /api/auth/me from a fetch mock, so they run as a browser the gateway
// has marked as "maybe signed in" (see mayBeSignedIn in features/auth/auth-context).
document.cookie = 'tf_member=1; path=/';
