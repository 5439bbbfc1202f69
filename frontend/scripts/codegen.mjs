#!/usr/bin/env node
/**
 * Types the SPA's GraphQL operations (src/**\/*.graphql) from the committed SDL
 * (gateway/schema.graphql), so no gateway has to run: `npm run codegen -w @trendforge/frontend`
 * after changing an operation or the schema. The output is committed; src/graphql/generated.test.ts
 * fails when it is stale. GraphQL Code Generator's core with its plugins, without the CLI's schema
 * loaders (URLs, GitHub), which this needs not and which want a newer Node.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { parse } from 'graphql';

const frontendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = path.resolve(frontendDir, '../gateway/schema.graphql');
export const generatedFile = path.join(frontendDir, 'src/graphql/generated.ts');

/** The generated module's text. */
export async function generateOperationTypes() {
  const sdl = readFileSync(schemaFile, 'utf8');
  const srcDir = path.join(frontendDir, 'src');
  const documents = readdirSync(srcDir, { recursive: true })
    .filter((file) => String(file).endsWith('.graphql'))
    .map(String)
    .sort()
    .map((file) => ({ location: path.join('src', file), document: parse(readFileSync(path.join(srcDir, file), 'utf8')) }));
  return codegen({
    filename: generatedFile,
    schema: parse(sdl),
    documents,
    plugins: [{ 'typescript-operations': {} }, { 'typed-document-node': {} }],
    pluginMap: { 'typescript-operations': typescriptOperations, 'typed-document-node': typedDocumentNode },
    // Apollo's own TypedDocumentNode: no extra package for the documents' type.
    config: { useTypeImports: true, documentNodeImport: '@apollo/client#TypedDocumentNode' },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(generatedFile, await generateOperationTypes());
  process.stdout.write(`wrote ${path.relative(process.cwd(), generatedFile)}\n`);
}
