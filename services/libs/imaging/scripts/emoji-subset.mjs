// Build step after tsc: the Fluent Emoji icons the vocabulary draws, out of the whole set (100 MB
// of JSON, over a second to parse; a devDependency) into dist/plan/emoji.json (a few MB), the only
// icons the renderer reads. A word pointing at an icon the set does not have fails the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getIcons } from '@iconify/utils';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const { VOCABULARY } = await import(path.join(dist, 'plan/vocabulary.js'));
const full = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji/icons.json'), 'utf8'));
const names = [...new Set([...VOCABULARY.values()].map((e) => e.icon))].sort();
const subset = getIcons(full, names);
const missing = names.filter((name) => !subset?.icons[name] && !subset?.aliases?.[name]);
if (!subset || missing.length > 0) throw new Error(`vocabulary icons missing from @iconify-json/fluent-emoji: ${missing.join(', ')}`);
writeFileSync(path.join(dist, 'plan/emoji.json'), JSON.stringify(subset));
console.log(`emoji subset: ${Object.keys(subset.icons).length} icons, ${Object.keys(subset.aliases ?? {}).length} aliases`);
