import preset from '../jest.preset.cjs';

// End-to-end: the whole stack (built) in child processes, driven over HTTP and in Chromium.
export default {
  ...preset,
  displayName: 'e2e',
  testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
  testTimeout: 180000,
  maxWorkers: 1,
  // Chromium and the stack's children are closed in afterAll; the pg pool of the test-database
  // helper may linger a moment longer.
  forceExit: true,
};
