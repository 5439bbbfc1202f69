import 'reflect-metadata';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { runMain } from '@trendforge/platform';
import { buildOpenApiDocument } from './api-docs.js';
import { GatewayModule } from './app.module.js';
import { loadGatewayConfig } from './config.js';

/**
 * `npm run docs:api -w @trendforge/gateway`: writes the committed API documents — openapi.json (the
 * REST paths) and schema.graphql (the GraphQL SDL) — from the built gateway, into gateway/ or the
 * directory given as the first argument (the drift test writes them aside and compares).
 */
const ApiDocFiles = { openApi: 'openapi.json', schema: 'schema.graphql' } as const;

runMain(async () => {
  const outDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  // The documents do not depend on where files are stored; a throwaway folder lets this run without any storage set up.
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-api-docs-'));
  const config = loadGatewayConfig({ STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, ...process.env });
  const app = await NestFactory.create(GatewayModule.forRoot(config), { logger: ['error'] });
  try {
    await app.init(); // builds the GraphQL schema
    const openApi = buildOpenApiDocument(app);
    const sdl = printSchema(app.get(GraphQLSchemaHost).schema);
    await writeFile(path.join(outDir, ApiDocFiles.openApi), `${JSON.stringify(openApi, null, 2)}\n`);
    await writeFile(path.join(outDir, ApiDocFiles.schema), `${sdl}\n`);
  } finally {
    await app.close();
    await rm(storageDir, { recursive: true, force: true });
  }
});
