// Docker HEALTHCHECK of every TrendForge image: GET the readiness endpoint (/readyz: the process's own
// dependencies) of the process named by APP.
import { readFileSync } from 'node:fs';

const apps = JSON.parse(readFileSync(new URL('./apps.json', import.meta.url), 'utf8'));
const app = apps[process.env.APP ?? ''];
if (!app) process.exit(1);
const port = process.env[app.portEnv] || app.port;
try {
  const response = await fetch(`http://127.0.0.1:${port}${app.healthPath}`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
