import type { IncomingMessage } from 'node:http';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import {
  GraphQLError, parse, specifiedRules, validate, type ASTVisitor, type DocumentNode, type GraphQLSchema, type ValidationContext,
} from 'graphql';
import { isAllowedOrigin } from '../common/origin.js';
import type { SocketSessions } from '../common/socket-sessions.js';
import { clientAddress, isSecure } from './client-address.js';
import { graphQLLimitRules, graphQLParseOptions } from './limits.js';

/** The close code of a socket whose address is over its request budget (graphql-ws leaves 4400–4499 to applications). */
export const RateLimitedCloseCode = 4429;

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
/** What graphql-ws/use/ws hands over as `extra`, plus the watch this module keeps on it. */
type SocketExtra = {
  request: IncomingMessage & { caller?: unknown };
  socket: { close(code: number, reason: string): void };
  unwatch?: () => void;
};

/**
 * graphql-ws on /graphql: refuses a connection from a page on another origin (4403) and, when
 * `withinBudget` says the client's address is over its request budget, closes it (4429: each
 * connection counts as a request, each subscribe too, through the throttler guard). Validates every
 * operation with the HTTP limits plus "subscriptions only". The caller is resolved again on every
 * subscribe, and `sockets` closes the socket when its session ends. `parse` and `validate` are
 * graphql-ws server options that Nest passes through but does not type.
 */
export function graphQLWebSocketOptions(
  path: string,
  sockets: SocketSessions,
  withinBudget: (address: string) => Promise<boolean> = async () => true,
): GraphQLWsSubscriptionsConfig {
  const options: GraphQLWsSubscriptionsConfig & {
    parse: (source: string) => DocumentNode;
    validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  } = {
    path,
    onConnect: async (ctx: ConnectContext) => {
      const extra = ctx.extra as SocketExtra;
      if (!isAllowedOrigin(extra.request.headers, isSecure(extra.request))) return false;
      if (!(await withinBudget(socketRequest(extra.request).ip))) {
        extra.socket.close(RateLimitedCloseCode, 'Too many requests. Please try again later.');
        return false;
      }
      extra.unwatch = sockets.opened({ request: extra.request, close: (code, reason) => extra.socket.close(code, reason) });
      return true;
    },
    onSubscribe: (ctx) => {
      sockets.forgetCaller((ctx.extra as SocketExtra).request);
    },
    onClose: (ctx) => {
      (ctx.extra as SocketExtra).unwatch?.();
    },
    parse: (source) => parse(source, graphQLParseOptions),
    validate: (schema, document) => validate(schema, document, socketRules),
  };
  return options;
}
