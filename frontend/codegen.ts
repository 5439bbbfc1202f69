import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types the SPA's GraphQL operations (src/**\/*.graphql) from the committed SDL
 * (gateway/schema.graphql), so no gateway has to run: `npm run codegen -w @trendforge/frontend`
 * after changing an operation or the schema. The output is committed; src/graphql/generated.test.ts
 * fails when it is stale.
 */
const config: CodegenConfig = {
  schema: '../gateway/schema.graphql',
  documents: 'src/**/*.graphql',
  generates: {
    'src/graphql/generated/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true },
    },
  },
};

export default config;
