import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';

/**
 * src/lib/api-schema.d.ts from gateway/openapi.json (`npm run codegen -w @trendforge/frontend` runs
 * this file; api-schema.test.ts compares). A file field (format: binary) is typed as a Blob, so an
 * upload's body is checked as { file: Blob } and sent as FormData (openapi-fetch's bodySerializer).
 */
const frontendDir = path.resolve(import.meta.dirname, '../..');
export const openApiPath = path.join(frontendDir, '../gateway/openapi.json');
export const apiSchemaPath = path.join(frontendDir, 'src/lib/api-schema.d.ts');

const BlobType = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

export async function generateApiSchema(document = readFileSync(openApiPath, 'utf8')): Promise<string> {
  const ast = await openapiTS(document, {
    transform: (schema) => (schema.format === 'binary' ? BlobType : undefined),
  });
  return COMMENT_HEADER + astToString(ast);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  writeFileSync(apiSchemaPath, await generateApiSchema());
}
