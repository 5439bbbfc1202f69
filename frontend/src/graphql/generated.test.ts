import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen';

const frontendDir = path.resolve(import.meta.dirname, '../..');

describe('generated GraphQL types', () => {
  it('match gateway/schema.graphql and the operations (run `npm run codegen -w @trendforge/frontend` when this fails)', async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: frontendDir, silent: true }, false);
    expect(outputs.map((output) => path.relative(frontendDir, output.filename)).sort()).toEqual(
      ['src/graphql/generated/gql.ts', 'src/graphql/generated/graphql.ts', 'src/graphql/generated/index.ts'],
    );
    for (const output of outputs) expect(readFileSync(output.filename, 'utf8'), output.filename).toBe(output.content);
  }, 60_000);
});
