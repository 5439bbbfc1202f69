/**
 * A small, strict kustomize evaluator for the tests: enough of kustomize to check the manifests
 * without a cluster or the kustomize binary (resources, namespace, images, replicas,
 * configMapGenerator/secretGenerator incl. behavior: merge, JSON6902 patches). It refuses
 * anything else it meets, so the manifests stay within what is checked. deploy-manifests.spec.ts
 * compares its result with the real `kubectl kustomize` (kubectl from infra/scripts/kubectl.sh).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export type Doc = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; [k: string]: unknown }; [k: string]: unknown };

export interface Built {
  dir: string;
  docs: Doc[];
  /** Every file read (kustomization files and resources), for existence/parse assertions. */
  files: string[];
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'images',
  'replicas',
  'configMapGenerator',
  'secretGenerator',
  'patches',
  'labels',
  'configurations',
]);

export function readYamlDocs(file: string): unknown[] {
  const text = readFileSync(file, 'utf8');
  const docs = parseAllDocuments(text);
  const out: unknown[] = [];
  for (const doc of docs) {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

function literalsToData(literals: string[] = []): Record<string, string> {
  return Object.fromEntries(
    literals.map((literal) => {
      const at = literal.indexOf('=');
      if (at <= 0) throw new Error(`bad generator literal "${literal}"`);
      return [literal.slice(0, at), literal.slice(at + 1)];
    }),
  );
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Applies one RFC 6902 operation (add, replace, remove) to a document, strictly. */
export function applyJsonPatch(doc: Doc, op: { op: string; path: string; value?: unknown }): void {
  const segments = op.path.split('/').slice(1).map(unescapePointer);
  const last = segments.pop();
  if (last === undefined) throw new Error(`empty patch path in ${JSON.stringify(op)}`);
  let node: unknown = doc;
  for (const segment of segments) {
    const next = Array.isArray(node) ? node[Number(segment)] : (node as Record<string, unknown> | undefined)?.[segment];
    if (next === undefined) throw new Error(`${doc.kind}/${doc.metadata.name}: path ${op.path} does not exist`);
    node = next;
  }
  const container = node as Record<string, unknown> | unknown[];
  switch (op.op) {
    case 'add':
      if (Array.isArray(container)) {
        if (last === '-') container.push(op.value);
        else container.splice(Number(last), 0, op.value);
      } else container[last] = op.value;
      return;
    case 'replace':
      if (Array.isArray(container) ? container[Number(last)] === undefined : !(last in container)) {
        throw new Error(`${doc.kind}/${doc.metadata.name}: cannot replace missing ${op.path}`);
      }
      if (Array.isArray(container)) container[Number(last)] = op.value;
      else container[last] = op.value;
      return;
    case 'remove':
      if (Array.isArray(container)) container.splice(Number(last), 1);
      else if (last in container) delete container[last];
      else throw new Error(`${doc.kind}/${doc.metadata.name}: cannot remove missing ${op.path}`);
      return;
    default:
      throw new Error(`unsupported patch op ${op.op}`);
  }
}

export function podSpecOf(doc: Doc): { containers?: Array<Record<string, unknown>>; initContainers?: Array<Record<string, unknown>> } | undefined {
  const spec = doc.spec as { template?: { spec?: unknown }; jobTemplate?: { spec?: { template?: { spec?: unknown } } } } | undefined;
  return (spec?.template?.spec ?? spec?.jobTemplate?.spec?.template?.spec) as ReturnType<typeof podSpecOf>;
}

export function containersOf(doc: Doc): Array<Record<string, unknown>> {
  const pod = podSpecOf(doc);
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

/** image "repo:tag" → [repo, tag] (tag '' when absent). */
export function splitImage(image: string): [string, string] {
  const at = image.lastIndexOf(':');
  if (at > image.lastIndexOf('/')) return [image.slice(0, at), image.slice(at + 1)];
  return [image, ''];
}

export function buildKustomization(dir: string): Built {
  const kfile = path.join(dir, 'kustomization.yaml');
  if (!existsSync(kfile)) throw new Error(`${dir} has no kustomization.yaml`);
  const [k] = readYamlDocs(kfile) as Array<Record<string, unknown>>;
  for (const key of Object.keys(k)) {
    if (!SUPPORTED.has(key)) throw new Error(`${kfile}: unsupported field "${key}" (extend test/support/kustomize.ts)`);
  }
  const files = [kfile];
  let docs: Doc[] = [];

  for (const resource of (k.resources as string[] | undefined) ?? []) {
    const target = path.resolve(dir, resource);
    if (!existsSync(target)) throw new Error(`${kfile}: resource ${resource} does not exist`);
    if (statSync(target).isDirectory()) {
      const inner = buildKustomization(target);
      docs.push(...inner.docs);
      files.push(...inner.files);
    } else {
      const parsed = readYamlDocs(target) as Doc[];
      if (!parsed.length) throw new Error(`${target} holds no document`);
      for (const doc of parsed) {
        if (!doc.apiVersion || !doc.kind || !doc.metadata?.name) throw new Error(`${target}: a document lacks apiVersion, kind or metadata.name`);
      }
      docs.push(...parsed);
      files.push(target);
    }
  }

  for (const file of (k.configurations as string[] | undefined) ?? []) {
    const target = path.resolve(dir, file);
    if (!existsSync(target)) throw new Error(`${kfile}: configuration ${file} does not exist`);
    readYamlDocs(target);
    files.push(target);
  }

  const generators: Array<[string, Array<{ name: string; behavior?: string; literals?: string[]; envs?: string[]; files?: string[] }>]> = [
    ['ConfigMap', (k.configMapGenerator as never) ?? []],
    ['Secret', (k.secretGenerator as never) ?? []],
  ];
  for (const [kind, list] of generators) {
    for (const generator of list) {
      if (generator.envs || generator.files) throw new Error(`${kfile}: generator ${generator.name}: only literals are supported`);
      const data = literalsToData(generator.literals);
      const field = kind === 'ConfigMap' ? 'data' : 'stringData';
      const existing = docs.find((d) => d.kind === kind && d.metadata.name === generator.name);
      if (generator.behavior === 'merge' || generator.behavior === 'replace') {
        if (!existing) throw new Error(`${kfile}: ${kind} ${generator.name} has behavior ${generator.behavior} but no base to merge into`);
        existing[field] = generator.behavior === 'merge' ? { ...(existing[field] as object), ...data } : data;
      } else {
        if (existing) throw new Error(`${kfile}: ${kind} ${generator.name} generated twice (use behavior: merge)`);
        docs.push({ apiVersion: 'v1', kind, metadata: { name: generator.name }, [field]: data });
      }
    }
  }

  for (const patch of (k.patches as Array<{ path?: string; patch?: string; target?: Record<string, string> }> | undefined) ?? []) {
    if (!patch.path || !patch.target) throw new Error(`${kfile}: only file patches with a target (JSON6902) are supported`);
    const file = path.resolve(dir, patch.path);
    if (!existsSync(file)) throw new Error(`${kfile}: patch ${patch.path} does not exist`);
    files.push(file);
    const [ops] = readYamlDocs(file) as Array<Array<{ op: string; path: string; value?: unknown }>>;
    if (!Array.isArray(ops)) throw new Error(`${file}: expected a JSON6902 list of operations`);
    const targets = docs.filter(
      (d) =>
        (!patch.target?.kind || d.kind === patch.target.kind) &&
        (!patch.target?.name || d.metadata.name === patch.target.name) &&
        (!patch.target?.group || d.apiVersion.startsWith(`${patch.target.group}/`)),
    );
    if (!targets.length) throw new Error(`${kfile}: patch ${patch.path} matches no resource`);
    for (const target of targets) for (const op of ops) applyJsonPatch(target, op);
  }

  for (const entry of (k.replicas as Array<{ name: string; count: number }> | undefined) ?? []) {
    const target = docs.filter((d) => ['Deployment', 'StatefulSet'].includes(d.kind) && d.metadata.name === entry.name);
    if (!target.length) throw new Error(`${kfile}: replicas for unknown workload ${entry.name}`);
    for (const doc of target) (doc.spec as Record<string, unknown>).replicas = entry.count;
  }

  for (const entry of (k.images as Array<{ name: string; newName?: string; newTag?: string }> | undefined) ?? []) {
    let used = 0;
    for (const doc of docs) {
      for (const container of containersOf(doc)) {
        const [repo, tag] = splitImage(String(container.image));
        if (repo !== entry.name) continue;
        used += 1;
        container.image = `${entry.newName ?? repo}${entry.newTag ?? tag ? `:${entry.newTag ?? tag}` : ''}`;
      }
    }
    if (!used) throw new Error(`${kfile}: images entry ${entry.name} matches no container`);
  }

  if (k.namespace) {
    docs = docs.map((doc) => ({ ...doc, metadata: { ...doc.metadata, namespace: k.namespace as string } }));
  }
  return { dir, docs, files };
}
