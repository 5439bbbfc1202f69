import preset from '../../../jest.preset.cjs';
export default { ...preset, displayName: 'testing', passWithNoTests: false };
