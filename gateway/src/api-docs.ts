import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SessionCookie } from './common/session.js';
import type { GatewayConfig } from './config.js';

/** Where the interactive documentation lives; its JSON is at `${ApiDocsPath}-json`. */
export const ApiDocsPath = 'api/docs';

/**
 * The OpenAPI document of the gateway's REST paths, built from its controllers and DTOs. The same
 * document is committed as gateway/openapi.json (`npm run docs:api`), and a test fails when they differ.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('TrendForge API')
    .setDescription(
      'The REST paths for mobile and third-party clients. Signed-in calls carry the session cookie set by POST /api/auth/login or /api/auth/register; ' +
        'admin paths answer 403 to anyone but an admin. The same abilities exist as GraphQL at /graphql (schema: gateway/schema.graphql).',
    )
    .setVersion('1')
    .addCookieAuth(SessionCookie, { type: 'apiKey', in: 'cookie', name: SessionCookie }, 'session')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Serves the documentation at /api/docs outside production; in production nothing is mounted. */
export function mountApiDocs(app: INestApplication, config: Pick<GatewayConfig, 'NODE_ENV'>): void {
  if (config.NODE_ENV === 'production') return;
  SwaggerModule.setup(ApiDocsPath, app, () => buildOpenApiDocument(app), { customSiteTitle: 'TrendForge API' });
}
