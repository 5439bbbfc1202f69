/**
 * Kubernetes manifests gate (`npm run check`): every kustomization under k8s/ rendered by the real
 * kustomize (`kubectl kustomize`, kubectl from infra/scripts/kubectl.sh) and every object it yields
 * validated against its schema: Kubernetes kinds by the npm package kubernetes-models (the
 * Kubernetes OpenAPI schemas: required fields, types, enums), KEDA's ScaledObject by its CRD schema
 * (infra/test/schemas/keda-scaledobject.json). Fails naming the kustomization, the object and the problem.
 *   node infra/scripts/check-manifests.mjs [kustomization dir ...]
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/prod'];
const kubectl = path.resolve(root, execFileSync('sh', [path.join(root, 'infra/scripts/kubectl.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim());

const keda = JSON.parse(readFileSync(path.join(root, 'infra/test/schemas/keda-scaledobject.json'), 'utf8'));
const validateScaledObject = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(keda.schema);
// No schema of these is at hand: TriggerAuthentication (KEDA) is checked by infra/test/deploy-manifests.spec.ts.
const UNCHECKED = new Set(['keda.sh/v1alpha1/TriggerAuthentication']);

/** The problems of one object, [] when valid. */
async function problemsOf(doc) {
  const id = `${doc.apiVersion}/${doc.kind}`;
  if (id === `${keda.apiVersion}/${keda.kind}`) {
    return validateScaledObject(doc) ? [] : validateScaledObject.errors.map((e) => `${e.instancePath || '/'} ${e.message}`);
  }
  if (UNCHECKED.has(id)) return [];
  let Model;
  try {
    Model = (await import(`kubernetes-models/${doc.apiVersion}/${doc.kind}`))[doc.kind];
  } catch {
    return [`no schema for ${id}`];
  }
  // kustomize folds long base64 values over lines, which the API server's decoder skips.
  if (doc.kind === 'Secret' && doc.data) doc.data = Object.fromEntries(Object.entries(doc.data).map(([key, value]) => [key, value.replace(/\s/g, '')]));
  try {
    new Model(doc).validate();
    return [];
  } catch (error) {
    return [error.message];
  }
}

let failed = false;
for (const dir of dirs) {
  let output;
  try {
    output = execFileSync(kubectl, ['kustomize', path.join(root, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    console.error(`manifests: ${dir} does not build: ${String(error.stderr).trim()}`);
    failed = true;
    continue;
  }
  const docs = parseAllDocuments(output).map((doc) => doc.toJS()).filter(Boolean);
  const problems = [];
  for (const doc of docs) for (const problem of await problemsOf(doc)) problems.push(`${doc.kind} ${doc.metadata?.name}: ${problem}`);
  if (problems.length) {
    failed = true;
    console.error(`manifests: ${dir} has invalid objects:\n  ${problems.join('\n  ')}`);
  } else console.log(`manifests: ${dir} builds, ${docs.length} objects valid`);
}
process.exitCode = failed ? 1 : 0;
