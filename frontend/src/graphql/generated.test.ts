import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { generatedFile, generateOperationTypes } from '../../scripts/codegen.mjs';

describe('generated GraphQL types', () => {
  it('match gateway/schema.graphql and the operations (run `npm run codegen -w @trendforge/frontend` when this fails)', async () => {
    expect(readFileSync(generatedFile as string, 'utf8')).toBe(await (generateOperationTypes as () => Promise<string>)());
  }, 60_000);
});
