/**
 * docker-compose.yml, infra/Dockerfile and k8s/ checked against the process catalogue
 * (src/processes.ts) without Docker or a cluster: every process has its container with a readiness
 * check, a restart policy and the right start-up order, NATS (JetStream) runs beside them and every
 * process is given NATS_URL, images and build args agree, every kustomization builds, every
 * Deployment has its liveness (/livez) and readiness (/readyz) probes, resources and its container,
 * the KEDA ScaledObjects watch the right BullMQ lists, and only documented environment variables are used;
 * every Deployment has a disruption budget, an autoscaler and a NetworkPolicy that admits it, images are
 * pinned, and what the Deployments share comes from one component. The kustomizations are rendered by
 * the real `kubectl kustomize` (support/kustomize.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { QueueName, ScheduleQueues } from '@trendforge/contracts';
import { DOCUMENTED_ENV, LIVENESS_PATH, PROCESSES, type ProcessSpec, portEnvOf, READINESS_PATH, WORKER_QUEUES } from '../src/processes.js';
import { REPO_ROOT } from '../src/stack.js';
import { buildKustomization, type Built, containersOf, type Doc, podLabelsOf, podSpecOf, selects, splitImage } from './support/kustomize.js';

const root = REPO_ROOT;
const documented = new Set<string>(DOCUMENTED_ENV);
const services = PROCESSES.filter((p) => p.kind === 'service');
const workers = PROCESSES.filter((p) => p.kind === 'worker');
const portOf = (spec: ProcessSpec) => spec.containerPort;

type ComposeService = {
  image?: string;
  build?: { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
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
  { dir: string; port: number; portEnv: string; healthPath: string; ships?: string[] }
>;

describe('process catalogue', () => {
  it('names the workers\' queues as the contracts do', () => {
    // The periodic tasks' queues (trends-election, images-housekeeping) are consumed inside their services, not by a worker process.
    const workerQueues = Object.values(QueueName).filter((queue) => !(ScheduleQueues as readonly string[]).includes(queue));
    expect(Object.values(WORKER_QUEUES).flat().sort()).toEqual(workerQueues.sort());
  });

  it('matches the image entrypoint table (infra/docker/apps.json)', () => {
    expect(Object.keys(apps).sort()).toEqual(PROCESSES.map((p) => p.name).sort());
    for (const spec of PROCESSES) {
      // The gateway's image ships the SPA too (frontend/dist).
      const ships = spec.kind === 'gateway' ? { ships: ['frontend'] } : {};
      expect(apps[spec.name]).toEqual({ dir: spec.dir, port: portOf(spec), portEnv: portEnvOf(spec), healthPath: READINESS_PATH, ...ships });
    }
  });
});

describe('docker-compose.yml', () => {
  it.each(PROCESSES.map((p) => [p.name, p] as const))('%s has a container built from its own target of infra/Dockerfile', (name, spec) => {
    const service = composeServices[name];
    expect(service).toBeDefined();
    expect(service.build).toEqual({ context: '.', dockerfile: 'infra/Dockerfile', target: name });
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
    expect(dependsOn(migrate)).toEqual({ postgres: 'service_healthy', 'provision-database': 'service_completed_successfully' });
  });

  it('provision-database makes each service\'s role, as the admin, with the login that service uses', () => {
    const provision = composeServices['provision-database'];
    const pgEnv = composeServices.postgres.environment ?? {};
    expect(isOneShot(provision)).toBe(true);
    expect(provision.command).toEqual(['--provision-database']);
    expect(provision.environment?.DATABASE_ADMIN_URL).toBe(`postgres://${pgEnv.POSTGRES_USER}:${pgEnv.POSTGRES_PASSWORD}@postgres:5432/${pgEnv.POSTGRES_DB}`);
    for (const service of services) {
      expect(provision.environment?.[`${service.name.toUpperCase()}_DATABASE_URL`]).toBe(composeServices[service.name].environment?.DATABASE_URL);
    }
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
      // A service logs in as its own role (provision-database makes it); the workers and the gateway use no database.
      if (spec.kind === 'service') expect(env.DATABASE_URL).toMatch(new RegExp(`^postgres://${pgEnv.POSTGRES_DB}_${spec.name}:[^@]+@postgres:5432/${pgEnv.POSTGRES_DB}$`));
      else expect(env.DATABASE_URL).toBeUndefined();
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.NATS_URL).toBe('nats://nats:4222');
      expect(env.BUS_NAMESPACE).toMatch(/^[a-z0-9_-]{1,32}$/);
    }
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'infra/Dockerfile'), 'utf8');
  const lines = dockerfile.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  const stages = new Map(dockerfile.split(/^FROM /m).slice(1).map((stage) => [stage.match(/^\S+ AS (\S+)/)?.[1] ?? '', stage] as const));

  it('installs with npm ci and builds with nx once, in stages every process shares', () => {
    expect(stages.get('deps')).toMatch(/npm ci\b/);
    expect(stages.get('build')).toMatch(/nx run-many -t build/);
    // Each process's files are laid out by the script that reports their sizes.
    expect(stages.get('build')).toMatch(/infra\/scripts\/image-sizes\.mjs --copy "\$app"/);
  });

  it('pins its Node base image to an exact release, the one the repository runs on', () => {
    const bases = lines.filter((line) => line.startsWith('FROM ')).map((line) => line.split(/\s+/)[1]);
    const image = dockerfile.match(/^ARG NODE_IMAGE=(\S+)$/m)?.[1];
    expect(image).toMatch(/^node:\d+\.\d+\.\d+-bookworm-slim$/);
    for (const base of bases) expect(['${NODE_IMAGE}', 'base', 'deps', 'runtime']).toContain(base);
    const node = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies.node as string;
    expect(image).toBe(`node:${node.replace(/^\^/, '')}-bookworm-slim`);
  });

  it.each(PROCESSES.map((p) => [p.name, p] as const))('has a target %s that holds only that process, runs it and exposes its port', (name, spec) => {
    const stage = stages.get(name);
    expect(stage).toMatch(/^runtime AS /);
    expect(stage).toMatch(new RegExp(`^ENV APP=${name}$`, 'm'));
    expect(stage).toMatch(new RegExp(`^COPY --from=build /out/${name}/ \\./$`, 'm'));
    expect(stage).toMatch(/^RUN node docker\/run\.mjs --check-app$/m);
    expect(stage).toMatch(new RegExp(`^EXPOSE ${spec.containerPort}$`, 'm'));
  });

  it('runs every process as a non-root user with a HEALTHCHECK and the entrypoint', () => {
    const runtime = stages.get('runtime') ?? '';
    const user = runtime.split('\n').filter((line) => line.startsWith('USER ')).pop();
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    expect(runtime).toMatch(/HEALTHCHECK [\s\S]*docker\/healthcheck\.mjs/);
    expect(runtime).toMatch(/ENTRYPOINT \["node", "\/app\/docker\/run\.mjs"\]/);
    // No process target switches back to root.
    for (const spec of PROCESSES) expect(stages.get(spec.name)).not.toMatch(/^USER /m);
  });

  it.each(PROCESSES.map((p) => [p.name, p] as const))('runs %s with its node flags, as the launcher does', (name, spec) => {
    // The last ENTRYPOINT of the process's own target, else the runtime's.
    const entrypoint = (stage: string | undefined) => [...(stage ?? '').matchAll(/^ENTRYPOINT (\[.*\])$/gm)].pop()?.[1];
    const command = JSON.parse(entrypoint(stages.get(name)) ?? entrypoint(stages.get('runtime')) ?? '[]') as string[];
    expect(command).toEqual(['node', ...(spec.nodeFlags ?? []), '/app/docker/run.mjs']);
  });

  it('ships the entrypoint helpers in every image (copied by image-sizes.mjs)', () => {
    const script = readFileSync(path.join(root, 'infra/scripts/image-sizes.mjs'), 'utf8');
    for (const file of ['apps.json', 'run.mjs', 'healthcheck.mjs']) {
      expect(existsSync(path.join(root, 'infra/docker', file))).toBe(true);
      expect(script).toContain(`'${file}'`);
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
  // Generated ConfigMaps and Secrets carry a content hash in their names (and every reference to them).
  const unhashed = (name: string) => name.replace(/-[a-z0-9]{10}$/, '');
  const find = (b: Built, kind: string, name: string) => b.docs.filter((d) => d.kind === kind && (d.metadata.name === name || (['ConfigMap', 'Secret'].includes(kind) && unhashed(d.metadata.name) === name)));
  const configOf = (b: Built) => (find(b, 'ConfigMap', 'trendforge-config')[0]?.data ?? {}) as Record<string, string>;
  const secretOf = (b: Built, name: string) => {
    const secret = find(b, 'Secret', name)[0];
    if (!secret) return undefined;
    const data = (secret.data ?? {}) as Record<string, string>;
    return { ...Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')])), ...(secret.stringData as Record<string, string> | undefined) };
  };

  it.each(dirs.map((d) => [d]))('%s builds with kubectl kustomize: every object named once', (dir) => {
    const b = built.get(dir) as Built;
    expect(b.docs.length).toBeGreaterThan(10);
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
      expect(envFrom.map((e) => e.configMapRef?.name).filter(Boolean).map((n) => unhashed(n as string))).toEqual(['trendforge-config']);
      expect(envFrom.map((e) => e.secretRef?.name).filter(Boolean).map((n) => unhashed(n as string))).toEqual(['trendforge-secrets']);
      // A service logs in as its own role, from a Secret of its own; the workers and the gateway get no database.
      const database = (container.env as Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>).find((e) => e.name === 'DATABASE_URL');
      const login = database?.valueFrom?.secretKeyRef;
      expect(login && { name: unhashed(login.name), key: login.key }).toEqual(spec.kind === 'service' ? { name: `trendforge-db-${name}`, key: 'DATABASE_URL' } : undefined);

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

    it('provisions the services\' roles, then runs every service\'s migrations as its role, in the migrations Job', () => {
      const [job] = find(b, 'Job', 'migrations');
      expect(job).toBeDefined();
      type Env = Array<{ name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }>;
      const containers = containersOf(job) as Array<{ name: string; image: string; args?: string[]; env?: Env; envFrom?: unknown[]; resources?: unknown }>;
      const secretKey = (env: Env | undefined, variable: string) => {
        const ref = env?.find((e) => e.name === variable)?.valueFrom?.secretKeyRef;
        return ref && `${unhashed(ref.name)}/${ref.key}`;
      };
      const [provision] = containers;
      expect(provision.args).toEqual(['--provision-database']);
      expect(secretKey(provision.env, 'DATABASE_ADMIN_URL')).toBe('trendforge-db-admin/DATABASE_ADMIN_URL');
      for (const service of services) {
        expect(secretKey(provision.env, `${service.name.toUpperCase()}_DATABASE_URL`)).toBe(`trendforge-db-${service.name}/DATABASE_URL`);
        const migrate = containers.find((c) => splitImage(c.image)[0].endsWith(`trendforge/${service.name}`) && c.args?.includes('--migrate-only'));
        expect({ service: service.name, found: Boolean(migrate) }).toEqual({ service: service.name, found: true });
        expect(migrate?.envFrom).toHaveLength(2);
        expect(secretKey(migrate?.env, 'DATABASE_URL')).toBe(`trendforge-db-${service.name}/DATABASE_URL`);
        expect(migrate?.resources).toBeDefined();
      }
      // Nothing but the provisioning step reads the admin's login.
      const adminReaders = b.docs.flatMap((doc) => containersOf(doc).filter((c) => JSON.stringify(c).includes('trendforge-db-admin')).map((c) => c.name));
      expect(adminReaders).toEqual(['provision-database']);
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
      const secret = secretOf(b, 'trendforge-secrets');
      if (secret) {
        const keys = Object.keys(secret);
        for (const key of keys) expect({ key, documented: documented.has(key) }).toEqual({ key, documented: true });
        expect(keys).toEqual(expect.arrayContaining(['REDIS_URL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']));
        // Every process reads this Secret: no database login in it (each service has its own Secret).
        expect(keys).not.toContain('DATABASE_URL');
      }
    });

    const deployments = () => b.docs.filter((d) => d.kind === 'Deployment');
    /** The replicas a Deployment can run at most: its autoscaler's maximum, else its fixed count. */
    const maxReplicasOf = (deployment: Doc) => {
      const hpa = b.docs.find((d) => d.kind === 'HorizontalPodAutoscaler' && (d.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === deployment.metadata.name);
      const scaled = b.docs.find((d) => d.kind === 'ScaledObject' && (d.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === deployment.metadata.name);
      return (hpa?.spec as { maxReplicas?: number } | undefined)?.maxReplicas ?? (scaled?.spec as { maxReplicaCount?: number } | undefined)?.maxReplicaCount ?? (deployment.spec as { replicas?: number }).replicas ?? 1;
    };

    it('gives every Deployment that can run more than one pod a PodDisruptionBudget that lets one go at a time', () => {
      const budgets = b.docs.filter((d) => d.kind === 'PodDisruptionBudget');
      const multi = deployments().filter((d) => maxReplicasOf(d) > 1);
      // Every TrendForge process can run several pods (autoscaled).
      expect(multi.map((d) => d.metadata.name).sort()).toEqual(expect.arrayContaining(PROCESSES.map((p) => p.name)));
      for (const deployment of multi) {
        const matching = budgets.filter((pdb) => selects((pdb.spec as { selector: never }).selector, podLabelsOf(deployment)));
        expect({ deployment: deployment.metadata.name, budgets: matching.length }).toEqual({ deployment: deployment.metadata.name, budgets: 1 });
        // One at a time, never none (a budget of 0 would block every drain of a single-replica Deployment).
        expect((matching[0].spec as { maxUnavailable?: number }).maxUnavailable).toBe(1);
      }
    });

    it('autoscales the gateway and every service on CPU, within bounds, and leaves their replica count to the autoscaler', () => {
      for (const spec of PROCESSES.filter((p) => p.kind !== 'worker')) {
        const hpas = b.docs.filter((d) => d.kind === 'HorizontalPodAutoscaler' && (d.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === spec.name);
        expect({ name: spec.name, hpas: hpas.length }).toEqual({ name: spec.name, hpas: 1 });
        const hpa = hpas[0].spec as { scaleTargetRef: { kind: string; apiVersion: string }; minReplicas: number; maxReplicas: number; metrics: Array<{ type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }> };
        expect(hpas[0].apiVersion).toBe('autoscaling/v2');
        expect(hpa.scaleTargetRef).toMatchObject({ kind: 'Deployment', apiVersion: 'apps/v1' });
        expect(hpa.minReplicas).toBeGreaterThanOrEqual(1);
        expect(hpa.maxReplicas).toBeGreaterThan(hpa.minReplicas);
        expect(hpa.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
        // Utilization is measured against the CPU request: the container must have one.
        const [deployment] = find(b, 'Deployment', spec.name);
        expect((containersOf(deployment)[0].resources as { requests?: { cpu?: string } }).requests?.cpu).toBeDefined();
        expect((deployment.spec as { replicas?: number }).replicas).toBeUndefined();
      }
    });

    it('admits into every pod only the traffic a NetworkPolicy names (default deny), and lets every process reach NATS', () => {
      const policies = b.docs.filter((d) => d.kind === 'NetworkPolicy') as Array<Doc & { spec: { podSelector: never; policyTypes: string[]; ingress?: Array<{ from?: Array<{ podSelector?: never; namespaceSelector?: never }>; ports?: Array<{ port: string | number }> }> } }>;
      const denyAll = policies.filter((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress?.length);
      expect(denyAll).toHaveLength(1);
      const allows = policies.filter((p) => p.spec.ingress?.length);
      const workloads = b.docs.filter((d) => ['Deployment', 'StatefulSet'].includes(d.kind));
      for (const workload of workloads) {
        // Every Deployment (and StatefulSet) is matched by an allow policy: nothing runs behind the deny with no way in.
        const matching = allows.filter((p) => selects(p.spec.podSelector, podLabelsOf(workload)));
        expect({ workload: workload.metadata.name, allowed: matching.length > 0 }).toEqual({ workload: workload.metadata.name, allowed: true });
        // An allowed port names a port of the pod.
        const ports = containersOf(workload).flatMap((c) => (c.ports ?? []) as Array<{ name?: string; containerPort: number }>);
        for (const port of matching.flatMap((p) => (p.spec.ingress ?? []).flatMap((rule) => rule.ports ?? []))) {
          expect({ workload: workload.metadata.name, port: port.port, exists: ports.some((p) => p.name === port.port || p.containerPort === port.port) }).toEqual({ workload: workload.metadata.name, port: port.port, exists: true });
        }
      }
      // The bus admits the eight processes and no other pod of the namespace.
      const [nats] = workloads.filter((w) => w.metadata.name === 'nats');
      const natsPeers = allows.filter((p) => selects(p.spec.podSelector, podLabelsOf(nats))).flatMap((p) => (p.spec.ingress ?? []).flatMap((rule) => rule.from ?? []));
      const admitted = (labels: Record<string, string>) => natsPeers.some((peer) => peer.podSelector && !peer.namespaceSelector && selects(peer.podSelector, labels));
      for (const workload of workloads) {
        const isProcess = PROCESSES.some((p) => p.name === workload.metadata.name);
        expect({ client: workload.metadata.name, admitted: admitted(podLabelsOf(workload)) }).toEqual({ client: workload.metadata.name, admitted: isProcess });
      }
      // Only the gateway is reached from outside the namespace by people (the ingress controller).
      const fromIngress = allows.filter((p) => (p.spec.ingress ?? []).some((rule) => (rule.from ?? []).some((peer) => JSON.stringify(peer).includes('ingress-nginx'))));
      expect(fromIngress.flatMap((p) => workloads.filter((w) => selects(p.spec.podSelector, podLabelsOf(w))).map((w) => w.metadata.name))).toEqual(['gateway']);
    });

    it('runs no image by a floating `latest` tag or without a tag', () => {
      for (const doc of b.docs) {
        for (const container of containersOf(doc)) {
          const [repo, tag] = splitImage(String(container.image));
          expect({ object: `${doc.kind}/${doc.metadata.name}`, repo, tag }).toEqual({ object: `${doc.kind}/${doc.metadata.name}`, repo, tag: expect.stringMatching(/^(?!latest$)\S+$/) });
        }
      }
    });

    it('gives the eight Deployments what they share from one component: rollout, security, config, probes, scrape flag', () => {
      const shared = (deployment: Doc) => {
        const spec = deployment.spec as { revisionHistoryLimit: number; strategy: unknown; template: { metadata: { annotations: Record<string, string> }; spec: Record<string, unknown> } };
        const pod = spec.template.spec;
        const container = containersOf(deployment)[0];
        const envFrom = (container.envFrom as Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>).map((e) => unhashed(e.configMapRef?.name ?? e.secretRef?.name ?? ''));
        return {
          revisionHistoryLimit: spec.revisionHistoryLimit, strategy: spec.strategy, scrape: spec.template.metadata.annotations['prometheus.io/scrape'],
          automount: pod.automountServiceAccountToken, podSecurity: pod.securityContext, volumes: pod.volumes,
          security: container.securityContext, mounts: container.volumeMounts, envFrom,
          probes: [container.startupProbe, container.readinessProbe, container.livenessProbe],
        };
      };
      const [first, ...others] = PROCESSES.map((p) => find(b, 'Deployment', p.name)[0]);
      expect(shared(first).podSecurity).toMatchObject({ runAsNonRoot: true });
      expect(shared(first).security).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      for (const deployment of others) expect({ name: deployment.metadata.name, ...shared(deployment) }).toEqual({ name: deployment.metadata.name, ...shared(first) });
    });

    it('sizes generation-worker for its engine: the studio engine by cores, a keyed provider by its concurrency', () => {
      const [deployment] = find(b, 'Deployment', 'generation-worker');
      const container = containersOf(deployment)[0] as { env: Array<{ name: string; value: string }>; resources: { requests: { cpu: string }; limits: { cpu: string } } };
      const env = Object.fromEntries(container.env.map((e) => [e.name, e.value]));
      const cores = (cpu: string) => (cpu.endsWith('m') ? Number(cpu.slice(0, -1)) / 1000 : Number(cpu));
      const [scaled] = b.docs.filter((d) => d.kind === 'ScaledObject' && d.metadata.name === 'generation-worker');
      const generationTarget = Number((scaled.spec as { triggers: Array<{ type: string; metadata: Record<string, string> }> }).triggers.find((t) => t.type === 'metrics-api')?.metadata.targetValue);
      if (env.PROVIDER_CONCURRENCY) {
        // Keyed: I/O. A replica per PROVIDER_CONCURRENCY waiting (what one pod holds in flight), on a small CPU request.
        expect(generationTarget).toBe(Number(env.PROVIDER_CONCURRENCY));
        expect(Number(env.PROVIDER_CONCURRENCY)).toBeGreaterThanOrEqual(10);
        expect(cores(container.resources.requests.cpu)).toBeLessThan(1);
        expect(configOf(b).IMAGE_PROVIDER).toMatch(/^(openai|gemini)$/);
      } else {
        // Studio: CPU. As many renders at once as the cores it is given, a replica per two waiting per core.
        expect(cores(container.resources.requests.cpu)).toBe(Number(env.WORKER_CONCURRENCY));
        expect(cores(container.resources.limits.cpu)).toBe(Number(env.WORKER_CONCURRENCY));
        expect(generationTarget).toBe(2 * Number(env.WORKER_CONCURRENCY));
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
    const secret = secretOf(dev, 'trendforge-secrets') as Record<string, string>;
    expect(secret.REDIS_URL).toBe('redis://redis:6379');
    // The admin is PostgreSQL's own user; each service logs in as trendforge_<service> on the same database.
    const postgresEnv = (containersOf(find(dev, 'StatefulSet', 'postgres')[0])[0].env as Array<{ name: string; value?: string }>);
    const admin = new URL((secretOf(dev, 'trendforge-db-admin') as Record<string, string>).DATABASE_ADMIN_URL);
    expect({ user: admin.username, host: admin.host, path: admin.pathname })
      .toEqual({ user: postgresEnv.find((e) => e.name === 'POSTGRES_USER')?.value, host: 'postgres:5432', path: `/${postgresEnv.find((e) => e.name === 'POSTGRES_DB')?.value}` });
    for (const service of services) {
      const login = new URL((secretOf(dev, `trendforge-db-${service.name}`) as Record<string, string>).DATABASE_URL);
      expect({ user: login.username, host: login.host, path: login.pathname }).toEqual({ user: `trendforge_${service.name}`, host: 'postgres:5432', path: admin.pathname });
    }
    expect(configOf(dev).S3_ENDPOINT).toBe('http://minio:9000');
    for (const spec of PROCESSES) {
      expect(containersOf(find(dev, 'Deployment', spec.name)[0])[0].image).toBe(`trendforge/${spec.name}:dev`);
    }
  });

  it('prod pins released images from the registry, keeps at least 3 gateways and 2 of every service, and brings no Secret', () => {
    const prod = built.get('k8s/overlays/prod') as Built;
    expect(new Set(prod.docs.map((d) => d.metadata.namespace))).toEqual(new Set(['trendforge']));
    expect(find(prod, 'Secret', 'trendforge-secrets')).toHaveLength(0);
    expect(prod.docs.filter((d) => d.kind === 'Secret' && d.metadata.name.startsWith('trendforge-db-'))).toHaveLength(0);
    for (const doc of prod.docs) {
      for (const container of containersOf(doc)) {
        const [repo, tag] = splitImage(String(container.image));
        if (!repo.includes('trendforge/')) continue;
        expect(repo).toMatch(/^[a-z0-9.-]+\.[a-z]+\/trendforge\//);
        expect(tag).toMatch(/^\d+\.\d+\.\d+/);
      }
    }
    // The HorizontalPodAutoscalers own the replica counts (checked for every kustomization below).
    const minReplicas = (name: string) => (find(prod, 'HorizontalPodAutoscaler', name)[0]?.spec as { minReplicas?: number } | undefined)?.minReplicas;
    expect(minReplicas('gateway')).toBeGreaterThanOrEqual(3);
    // Events wait in JetStream while a consumer restarts: prod keeps them on a volume.
    const claims = (find(prod, 'StatefulSet', 'nats')[0].spec as { volumeClaimTemplates?: Array<{ metadata: { name: string } }> }).volumeClaimTemplates;
    expect(claims?.map((c) => c.metadata.name)).toEqual(['data']);
    for (const service of services) expect({ service: service.name, min: minReplicas(service.name) }).toEqual({ service: service.name, min: expect.any(Number) });
    for (const service of services) expect(minReplicas(service.name)).toBeGreaterThanOrEqual(2);
    for (const scaled of prod.docs.filter((d) => d.kind === 'ScaledObject')) {
      // Every Redis trigger authenticates to the managed Redis (metrics-api reads an in-cluster Service).
      for (const trigger of (scaled.spec as { triggers: Array<{ type: string; authenticationRef?: { name: string } }> }).triggers.filter((t) => t.type === 'redis')) {
        expect(find(prod, 'TriggerAuthentication', trigger.authenticationRef?.name ?? '(none)')).toHaveLength(1);
      }
    }
  });
});
