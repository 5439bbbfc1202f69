import { readFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const frontendDir = path.resolve(import.meta.dirname, '../..');

describe('generated REST types', () => {
  it('match gateway/openapi.json (run `npm run codegen -w @trendforge/frontend` when this fails)', async () => {
    const document = readFileSync(path.join(frontendDir, '../gateway/openapi.json'), 'utf8');
    const generated = COMMENT_HEADER + astToString(await openapiTS(document));
    expect(readFileSync(path.join(frontendDir, 'src/lib/api-schema.d.ts'), 'utf8')).toBe(generated);
  }, 60_000);
});
