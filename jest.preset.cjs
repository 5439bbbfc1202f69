// Shared Jest setup: ESM mode (NestJS 12 is ESM-only), TypeScript through SWC with decorator
// metadata (Nest's DI needs it), workspace libs resolved to their sources.
const path = require('node:path');
const libs = path.join(__dirname, 'services/libs');
// Where the integration suites' PostgreSQL, Redis, NATS and S3 come from (containers when a Docker
// engine answers, else the local services): decided once per run by @trendforge/testing (built).
const testInfraSetup = path.join(libs, 'testing/dist/global-setup.js');
const testInfra = require('node:fs').existsSync(testInfraSetup)
  ? { globalSetup: testInfraSetup, globalTeardown: path.join(libs, 'testing/dist/global-teardown.js') }
  : {};

module.exports = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }],
  },
  moduleNameMapper: {
    '^@trendforge/(contracts|platform|imaging|testing)$': `${libs}/$1/src/index.ts`,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testTimeout: 60000,
  ...testInfra,
};
