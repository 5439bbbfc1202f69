import preset from '../jest.preset.cjs';
export default {
  ...preset,
  displayName: 'infra',
  passWithNoTests: false,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/'],
};
