import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { registerApolloClient } from '@/lib/apollo-registry';

/** Same path for HTTP and WebSocket; the session cookie rides along on both. */
export function graphqlWsUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/graphql`;
}

export function createApolloClient(): ApolloClient {
  const httpLink = new HttpLink({ uri: '/graphql', credentials: 'include' });
  const wsLink = new GraphQLWsLink(
    createClient({
      url: graphqlWsUrl(),
      lazy: true,
      retryAttempts: 5,
      shouldRetry: () => true,
    }),
  );
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    wsLink,
    httpLink,
  );
  return new ApolloClient({
    link,
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}

let client: ApolloClient | null = null;

export function getApolloClient(): ApolloClient {
  if (!client) {
    client = createApolloClient();
    registerApolloClient(client);
  }
  return client;
}
