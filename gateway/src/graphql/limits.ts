import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { GraphQLError, ParseOptions, ValidationContext, ValidationRule } from 'graphql';

/**
 * How big one GraphQL operation may be, checked while parsing and validating, so an oversized
 * document is refused with a clear error before any resolver (or service) runs. The SPA's
 * documents stay far below: depth 3, no aliases, a cost under 100.
 */
export const GraphQLLimits = { tokens: 2_000, depth: 8, aliases: 10, cost: 1_000 } as const;

/** The parser stops counting at `tokens`: no time is spent on a document that can only be refused. */
export const graphQLParseOptions: ParseOptions = { maxTokens: GraphQLLimits.tokens };

/** The rules report their error like graphql's own rules (by default they throw, which Apollo answers with a 500). */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

export const graphQLLimitRules: ValidationRule[] = [
  maxDepthRule({ n: GraphQLLimits.depth, ...asValidationError }),
  maxAliasesRule({ n: GraphQLLimits.aliases, ...asValidationError }),
  costLimitRule({ maxCost: GraphQLLimits.cost, ...asValidationError }),
] as ValidationRule[];
