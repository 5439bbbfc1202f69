import preset from '../jest.preset.cjs';

// End-to-end: the whole stack (built) in child processes, driven over HTTP and in Chromium.
export default {
  ...preset,
  displayName: 'e2e',
  testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
  testTimeout: 180000,
  // Two files at a time, each with its own stack (database, namespace, storage, ports, browser): a
  // file keeps about one core busy (start-up, renders, Chromium), so on CI's two cores two files
  // take half the time of one after the other, and nothing they do reaches the other's stack.
  maxWorkers: 2,
  // Chromium and the stack's children are closed in afterAll; the pg pool of the test-database
  // helper may linger a moment longer.
  forceExit: true,
};
