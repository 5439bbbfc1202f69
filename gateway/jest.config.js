import preset from '../jest.preset.cjs';
export default { ...preset, displayName: 'gateway', setupFiles: ['<rootDir>/test/support/nest-first.mjs'] };
