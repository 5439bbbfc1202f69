import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { CataloguePart } from '@trendforge/contracts';
import { graphQLParseOptions } from '../graphql/limits.js';
import { CatalogueReadHandlers } from './read-handlers.js';

/** A GraphQL query whose answer is the same for everyone who may send it. */
export interface PublicQuery {
  parts: CataloguePart[];
  /** The resolvers it runs, as the throttler names them (`Class-method`): one count each, as in Nest. */
  handlers: string[];
  /** It holds a member's own part when a member asks (the Board's `voted`). */
  visitorsOnly: boolean;
}

/** The public catalogue's root fields: what each reads, and the resolver that answers it. */
const publicFields: Record<string, { part: CataloguePart; handler: string; visitorsOnly?: boolean }> = {
  trends: { part: 'trends', handler: CatalogueReadHandlers.trends },
  trend: { part: 'trends', handler: CatalogueReadHandlers.trend },
  trendStyleOptions: { part: 'trends', handler: CatalogueReadHandlers.trendStyleOptions },
  trendElections: { part: 'trends', handler: CatalogueReadHandlers.trendElections },
  votingTrends: { part: 'voting', handler: CatalogueReadHandlers.votingTrends, visitorsOnly: true },
  waitlistCount: { part: 'waitlist', handler: CatalogueReadHandlers.waitlistCount },
};

const mentionsPublicField = new RegExp(`\\b(?:${Object.keys(publicFields).join('|')})\\b`);

/**
 * Whether a GraphQL request body is one query over the public catalogue only: plain root fields
 * (no fragments or directives at the root, `__typename` allowed). Anything else, or anything that
 * does not parse, is not ours: Apollo answers it. Its answer is kept only when Apollo gave one
 * without errors, so its own limits still decide what is valid.
 */
export function publicQueryOf(body: Buffer): PublicQuery | undefined {
  const text = body.toString('utf8');
  // Most bodies (mutations, members' queries) never name a public field: no need to parse them twice.
  if (!mentionsPublicField.test(text)) return undefined;
  try {
    const request = JSON.parse(text) as { query?: unknown; operationName?: unknown; extensions?: unknown };
    if (typeof request.query !== 'string' || request.extensions !== undefined) return undefined;
    const document = parse(request.query, graphQLParseOptions);
    const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
    if (operations.length !== 1 || document.definitions.length !== 1) return undefined;
    const [operation] = operations;
    if (operation.operation !== 'query' || operation.directives?.length) return undefined;
    if (request.operationName != null && request.operationName !== operation.name?.value) return undefined;
    const query: PublicQuery = { parts: [], handlers: [], visitorsOnly: false };
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || selection.directives?.length) return undefined;
      if (selection.name.value === '__typename') continue;
      const field = publicFields[selection.name.value];
      if (!field) return undefined;
      if (!query.parts.includes(field.part)) query.parts.push(field.part);
      query.handlers.push(field.handler);
      query.visitorsOnly ||= field.visitorsOnly === true;
    }
    return query.handlers.length ? query : undefined;
  } catch {
    return undefined;
  }
}
