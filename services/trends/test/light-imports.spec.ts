import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesLoadedBy } from '@trendforge/testing';

/**
 * Trend previews are rendered by generation-worker: the trends service names them with the
 * engine's version (@trendforge/imaging/engine-version) and loads neither the studio engine, nor
 * tfjs or face-api, nor sharp. Checked on the built service in a fresh Node process.
 */
const heavy = /@tensorflow|@vladmandic\/face-api|\/imaging\/dist\/(index|engine|faces|photo|render-worker)\.js$|\/node_modules\/sharp\//;
const trendsModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/trends.module.js');
const imagingEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../libs/imaging/dist/index.js');

test('importing the built trends service loads no image processing, only the engine version', async () => {
  const loaded = await modulesLoadedBy(trendsModule);
  expect(loaded).toContainEqual(expect.stringMatching(/\/imaging\/dist\/engine-version\.js$/));
  expect(loaded.filter((url) => heavy.test(url))).toEqual([]);
}, 60_000);

test('the check sees the engine and sharp where they are loaded: the package entry', async () => {
  const loaded = await modulesLoadedBy(imagingEntry);
  const found = loaded.filter((url) => heavy.test(url));
  expect(found).toContainEqual(expect.stringMatching(/\/imaging\/dist\/engine\.js$/));
  expect(found).toContainEqual(expect.stringMatching(/\/node_modules\/sharp\//));
}, 60_000);
