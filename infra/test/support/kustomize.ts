/**
 * The k8s kustomizations as the cluster would receive them: rendered by the real kustomize
 * (`kubectl kustomize`, kubectl 1.34 / kustomize v5.7 from infra/scripts/kubectl.sh, as the CI gate
 * infra/scripts/check-manifests.mjs does), plus small readers of what the tests look at.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../../src/stack.js';

export type Doc = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; [k: string]: unknown }; [k: string]: unknown };

export interface Built {
  dir: string;
  docs: Doc[];
}

let kubectl: string | undefined;
const kubectlPath = () => (kubectl ??= path.resolve(REPO_ROOT, execFileSync('sh', [path.join(REPO_ROOT, 'infra/scripts/kubectl.sh')], { encoding: 'utf8' }).trim()));

/** The objects `kubectl kustomize <dir>` yields. */
export function buildKustomization(dir: string): Built {
  const output = execFileSync(kubectlPath(), ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const docs = parseAllDocuments(output).map((doc) => {
    if (doc.errors.length) throw new Error(`${dir}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as Doc;
  }).filter(Boolean);
  return { dir, docs };
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

/** The pod labels of a workload (Deployment, StatefulSet, Job). */
export function podLabelsOf(doc: Doc): Record<string, string> {
  return ((doc.spec as { template?: { metadata?: { labels?: Record<string, string> } } } | undefined)?.template?.metadata?.labels) ?? {};
}

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: Array<{ key: string; operator: string; values?: string[] }> };

/** Whether a Kubernetes label selector selects these labels (matchLabels and the In/NotIn/Exists/DoesNotExist expressions). */
export function selects(selector: Selector, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In': return key in labels && values.includes(labels[key]);
      case 'NotIn': return !(key in labels) || !values.includes(labels[key]);
      case 'Exists': return key in labels;
      case 'DoesNotExist': return !(key in labels);
      default: throw new Error(`unknown selector operator ${operator}`);
    }
  });
  return byLabels && byExpressions;
}
