import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modulesLoadedBy } from '@trendforge/testing';

/**
 * The gateway serves requests and hands heavy renders to generation-worker: loading its code
 * must not load the studio engine, tfjs or face-api (only sharp, for the avatar checks of
 * @trendforge/imaging/upload). Checked on the built gateway in a fresh Node process.
 */
const engine = /@tensorflow|@vladmandic\/face-api|\/imaging\/dist\/(index|engine|faces|photo|render-worker)\.js$/;
const gatewayModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/app.module.js');
const imagingEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/libs/imaging/dist/index.js');

test('importing the built gateway loads no part of the studio engine', async () => {
  const loaded = await modulesLoadedBy(gatewayModule);
  expect(loaded).toContainEqual(expect.stringMatching(/\/imaging\/dist\/upload\.js$/));
  expect(loaded.filter((url) => engine.test(url))).toEqual([]);
}, 60_000);

test('the check sees the engine where it is loaded: the package entry', async () => {
  const loaded = await modulesLoadedBy(imagingEntry);
  expect(loaded.filter((url) => engine.test(url))).toEqual(expect.arrayContaining([expect.stringMatching(/\/imaging\/dist\/engine\.js$/)]));
}, 60_000);
