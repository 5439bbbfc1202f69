// Build step after tsc: the Fluent Emoji icons the vocabulary draws, out of the whole set (100 MB
// of JSON, over a second to parse) into dist/plan/emoji.json (a few MB), which the renderer reads.
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
if (!subset) throw new Error('no vocabulary icons found in @iconify-json/fluent-emoji');
writeFileSync(path.join(dist, 'plan/emoji.json'), JSON.stringify(subset));
console.log(`emoji subset: ${Object.keys(subset.icons).length} icons, ${Object.keys(subset.aliases ?? {}).length} aliases`);
