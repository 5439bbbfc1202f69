// Entrypoint of every TrendForge image: runs the process named by APP (build arg) in this Node process,
// passing the arguments through (e.g. `--migrate-only`). `--check-app` only verifies APP at build time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const apps = JSON.parse(readFileSync(path.join(here, 'apps.json'), 'utf8'));
const app = apps[process.env.APP ?? ''];
if (!app) {
  process.stderr.write(`APP must be one of ${Object.keys(apps).join(', ')} (got "${process.env.APP ?? ''}")\n`);
  process.exit(2);
}
const entry = path.join(here, '..', app.dir, 'dist', 'main.js');
if (!existsSync(entry)) {
  process.stderr.write(`${entry} is missing: the image was built without ${app.dir}\n`);
  process.exit(2);
}
if (process.argv.includes('--check-app')) {
  process.stdout.write(`${process.env.APP}: ${entry}\n`);
  process.exit(0);
}
process.chdir(path.join(here, '..'));
await import(pathToFileURL(entry).href);
