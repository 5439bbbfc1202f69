import type { IncomingMessage } from 'node:http';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import {
  GraphQLError, parse, specifiedRules, validate, type ASTVisitor, type DocumentNode, type GraphQLSchema, type ValidationContext,
} from 'graphql';
import { isAllowedOrigin } from '../common/origin.js';
import { clientAddress, isSecure } from './client-address.js';
import { graphQLLimitRules, graphQLParseOptions } from './limits.js';

export const SubscriptionsOnlyMessage = 'The WebSocket takes subscriptions only: send queries and mutations over HTTP (POST /graphql).';

/** Queries and mutations go over HTTP, where cookies are set, Origin is checked per request and limits answer with headers. */
function subscriptionsOnly(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'subscription') context.reportError(new GraphQLError(SubscriptionsOnlyMessage, { nodes: node }));
    },
  };
}

const socketRules = [...specifiedRules, ...graphQLLimitRules, subscriptionsOnly];

/** The upgrade request, carrying the client's address where resolvers and the throttler read it (`req.ip`, as on HTTP). */
export type SocketRequest = IncomingMessage & { ip: string };

export function socketRequest(request: IncomingMessage): SocketRequest {
  const withAddress = request as SocketRequest;
  if (withAddress.ip === undefined) withAddress.ip = clientAddress(request);
  return withAddress;
}

type ConnectContext = Parameters<NonNullable<GraphQLWsSubscriptionsConfig['onConnect']>>[0];

/**
 * graphql-ws on /graphql: refuses a connection from a page on another origin (4403) and
 * validates every operation with the HTTP limits plus "subscriptions only". `parse` and
 * `validate` are graphql-ws server options that Nest passes through but does not type.
 */
export function graphQLWebSocketOptions(path: string): GraphQLWsSubscriptionsConfig {
  const options: GraphQLWsSubscriptionsConfig & {
    parse: (source: string) => DocumentNode;
    validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  } = {
    path,
    onConnect: (ctx: ConnectContext) => {
      const request = (ctx.extra as { request: IncomingMessage }).request;
      return isAllowedOrigin(request.headers, isSecure(request));
    },
    parse: (source) => parse(source, graphQLParseOptions),
    validate: (schema, document) => validate(schema, document, socketRules),
  };
  return options;
}
