import preset from '../../../jest.preset.cjs';
// Whole-catalogue renders on a busy 2-core CI machine can pass a minute; the cap is only a hang guard.
export default { ...preset, displayName: 'imaging', passWithNoTests: false, testTimeout: 240000 };
