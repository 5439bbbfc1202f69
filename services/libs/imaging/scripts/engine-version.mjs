// Build step after tsc: writes the studio engine's version into dist/engine-version.js (see
// src/engine-version.ts). The digest covers dist/engine.js and every local module it imports,
// transitively (the renderer, effects, trends, photo and face code: not the upload checks, the
// render thread or the tools), plus the versions of sharp, libvips and face-api.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const imports = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

const modules = new Set();
const pending = ['engine.js'];
while (pending.length) {
  const file = pending.pop();
  if (modules.has(file)) continue;
  modules.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const [, specifier] of code.matchAll(imports)) pending.push(path.posix.join(path.posix.dirname(file), specifier));
}

const hash = createHash('sha256');
for (const file of [...modules].sort()) hash.update(`${file}\0`).update(readFileSync(path.join(dist, file))).update('\0');
const faceApi = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'), 'utf8')).version;
const emoji = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji/package.json'), 'utf8')).version;
hash.update(`sharp ${sharp.versions.sharp} vips ${sharp.versions.vips} face-api ${faceApi} fluent-emoji ${emoji}`);
const version = hash.digest('hex').slice(0, 16);

const target = path.join(dist, 'engine-version.js');
const built = readFileSync(target, 'utf8');
const written = built.replace(/(STUDIO_ENGINE_VERSION = )'[^']*'/, `$1'${version}'`);
if (written === built && !built.includes(`'${version}'`)) throw new Error(`${target}: STUDIO_ENGINE_VERSION not found`);
writeFileSync(target, written);
console.log(`studio engine version ${version} (${modules.size} modules)`);
