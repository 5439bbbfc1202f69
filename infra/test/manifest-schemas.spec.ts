/**
 * docker-compose.yml and every k8s kustomization checked against their JSON schemas, vendored in
 * test/schemas (see its README: nothing is downloaded), with ajv; the monitoring set-up (Prometheus
 * scrape configuration, k8s scrape annotations, the Grafana dashboard) checked against the
 * processes and the metrics they really expose.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { metricsRegistry, startMetrics } from '@trendforge/platform';
import { PROCESSES, portEnvOf } from '../src/processes.js';
import { REPO_ROOT } from '../src/stack.js';
import { buildKustomization, type Doc } from './support/kustomize.js';

const root = REPO_ROOT;
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
type Schema = Record<string, unknown>;

/**
 * Like kubeconform's strict mode: an object schema that lists its properties admits no others, so
 * a misspelt field fails instead of being silently dropped by the API server.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' ? value : strict(value)])) as Schema;
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

// OpenAPI's `nullable` and `format: int32` come with Kubernetes' schemas; formats are not checked.
const kubernetesAjv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const kubernetes = readJson('infra/test/schemas/kubernetes.json') as { kinds: Record<string, string>; schemas: Record<string, Schema> };
for (const [id, schema] of Object.entries(kubernetes.schemas)) kubernetesAjv.addSchema(strict(schema) as Schema, id);
const keda = readJson('infra/test/schemas/keda-scaledobject.json') as { apiVersion: string; kind: string; schema: Schema };

const validators = new Map<string, ValidateFunction>([
  ...Object.entries(kubernetes.kinds).map(([kind, id]) => [kind, kubernetesAjv.getSchema(id)!] as const),
  [`${keda.apiVersion}/${keda.kind}`, kubernetesAjv.compile(strict(keda.schema) as Schema)],
]);

/** Kinds without a vendored schema: KEDA's TriggerAuthentication is checked by deploy-manifests.spec.ts. */
const unchecked = new Set(['keda.sh/v1alpha1/TriggerAuthentication', 'v1/ConfigMap', 'v1/Secret']);

function problemsOf(doc: Doc): string[] {
  const validate = validators.get(`${doc.apiVersion}/${doc.kind}`);
  if (!validate) return unchecked.has(`${doc.apiVersion}/${doc.kind}`) ? [] : [`no schema for ${doc.apiVersion} ${doc.kind}`];
  return validate(doc) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Record<string, unknown>> };
// The compose schema's own formats: durations are checked, port, expose and subnet strings left to Docker.
const composeFormats = { duration: /^(\d+(\.\d+)?(us|ms|s|m|h))+$/, ports: true, expose: true, subnet_ip_address: true } as const;
const composeValidate = new Ajv({ strict: false, allErrors: true, formats: composeFormats }).compile(readJson('infra/test/schemas/compose-spec.json'));

describe('docker-compose.yml against the compose specification\'s schema', () => {
  it('is valid', () => {
    const valid = composeValidate(compose);
    expect(valid ? [] : composeValidate.errors).toEqual([]);
  });

  it('fails a misspelt key (the schema is strict)', () => {
    const broken = structuredClone(compose);
    broken.services.gateway.restart_policy = 'always';
    expect(composeValidate(broken)).toBe(false);
  });
});

const overlays = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/prod'];
const built = new Map(overlays.map((dir) => [dir, buildKustomization(path.join(root, dir))]));

describe('k8s manifests against the Kubernetes and KEDA schemas', () => {
  it.each(overlays)('%s: every object is valid for its kind', (dir) => {
    const problems = built.get(dir)!.docs.flatMap((doc) => problemsOf(doc).map((problem) => `${doc.kind} ${doc.metadata.name}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('fails a misspelt Deployment field and a ScaledObject replica count given as text', () => {
    const docs = built.get('k8s/overlays/prod')!.docs;
    const deployment = structuredClone(docs.find((doc) => doc.kind === 'Deployment')!) as Doc & { spec: Record<string, unknown> };
    deployment.spec.replica = 2;
    expect(problemsOf(deployment).join('\n')).toMatch(/additional properties/);
    const scaledObject = structuredClone(docs.find((doc) => doc.kind === 'ScaledObject')!) as Doc & { spec: Record<string, unknown> };
    scaledObject.spec.minReplicaCount = '1';
    expect(problemsOf(scaledObject).join('\n')).toMatch(/must be integer/);
  });

  it('has Prometheus scrape every Deployment on its metrics path and port', () => {
    for (const spec of PROCESSES) {
      const deployment = built.get('k8s/base')!.docs.find((doc) => doc.kind === 'Deployment' && doc.metadata.name === spec.name) as Doc & {
        spec: { template: { metadata: { annotations?: Record<string, string> } } };
      };
      expect({ name: spec.name, annotations: deployment.spec.template.metadata.annotations }).toEqual({
        name: spec.name,
        annotations: {
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(spec.containerPort),
          'prometheus.io/path': spec.kind === 'gateway' ? '/api/metrics' : '/metrics',
        },
      });
    }
  });
});

describe('monitoring in docker compose', () => {
  const prometheus = parse(readFileSync(path.join(root, 'infra/monitoring/prometheus.yml'), 'utf8')) as {
    scrape_configs: { job_name: string; metrics_path?: string; dns_sd_configs: { names: string[]; type: string; port: number }[] }[];
  };

  it('scrapes every process on its port and metrics path, finding every replica by DNS', () => {
    expect(prometheus.scrape_configs.map((job) => job.job_name).sort()).toEqual(PROCESSES.map((spec) => spec.name).sort());
    for (const spec of PROCESSES) {
      const job = prometheus.scrape_configs.find((candidate) => candidate.job_name === spec.name)!;
      expect(job.metrics_path ?? '/metrics').toBe(spec.kind === 'gateway' ? '/api/metrics' : '/metrics');
      expect(job.dns_sd_configs).toEqual([{ names: [spec.name], type: 'A', port: Number(compose.services[spec.name].environment && (compose.services[spec.name].environment as Record<string, string>)[portEnvOf(spec)]) }]);
    }
  });

  it('runs Prometheus with this configuration and Grafana with the provisioned dashboards', () => {
    expect(compose.services.prometheus.volumes).toContain('./infra/monitoring/prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(compose.services.grafana.volumes).toEqual(expect.arrayContaining([
      './infra/monitoring/grafana/provisioning:/etc/grafana/provisioning:ro',
      './infra/monitoring/grafana/dashboards:/var/lib/grafana/dashboards:ro',
    ]));
    const provider = parse(readFileSync(path.join(root, 'infra/monitoring/grafana/provisioning/dashboards/trendforge.yml'), 'utf8'));
    expect(provider.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
    const datasource = parse(readFileSync(path.join(root, 'infra/monitoring/grafana/provisioning/datasources/prometheus.yml'), 'utf8'));
    expect(datasource.datasources[0]).toMatchObject({ uid: 'prometheus', type: 'prometheus', url: 'http://prometheus:9090' });
  });

  it('has a Grafana dashboard whose every query uses metrics the processes expose', async () => {
    const dashboard = readJson('infra/monitoring/grafana/dashboards/trendforge.json') as {
      uid: string; panels: { type: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    startMetrics('manifest-test');
    const exposed = new Set((await metricsRegistry.getMetricsAsJSON()).flatMap((metric) =>
      String(metric.type) === 'histogram' ? [`${metric.name}_bucket`, `${metric.name}_sum`, `${metric.name}_count`] : [metric.name]));
    const queries = dashboard.panels.flatMap((panel) => panel.targets ?? []);
    expect(queries.length).toBeGreaterThan(10);
    const used = new Set(queries.flatMap((query) => query.expr.match(/\btf_\w+/g) ?? []));
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
    // Every family the processes expose (bar the defaults) appears on the dashboard.
    for (const family of ['tf_http_request_duration_seconds', 'tf_graphql_operation_duration_seconds', 'tf_bus_request_duration_seconds', 'tf_queue_jobs', 'tf_queue_job_wait_seconds', 'tf_queue_job_duration_seconds', 'tf_queue_job_failures_total', 'tf_queue_refunds_total', 'tf_render_duration_seconds']) {
      expect({ family, used: [...used].some((name) => name.startsWith(family)) }).toEqual({ family, used: true });
    }
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row')) expect(panel.datasource?.uid).toBe('prometheus');
  });
});
