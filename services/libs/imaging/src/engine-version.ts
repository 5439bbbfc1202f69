/**
 * The studio engine's version (`@trendforge/imaging/engine-version`): a digest of the engine as
 * built — dist/engine.js and every module it imports — and of the sharp, libvips and face-api it
 * renders with. The build writes it here (scripts/engine-version.mjs), so it changes exactly when
 * the engine's output can change; trend previews are keyed by it and rendered again then, never
 * otherwise. Importing this module loads nothing of the engine (the trends service uses it).
 * Run from the sources, before a build, it reads 'unbuilt'.
 */
export const STUDIO_ENGINE_VERSION: string = 'unbuilt';
