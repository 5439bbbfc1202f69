import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiSchemaPath, generateApiSchema } from './api-schema-gen';

describe('generated REST types', () => {
  it('match gateway/openapi.json (run `npm run codegen -w @trendforge/frontend` when this fails)', async () => {
    expect(readFileSync(apiSchemaPath, 'utf8')).toBe(await generateApiSchema());
  }, 60_000);
});
