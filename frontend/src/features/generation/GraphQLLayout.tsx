import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { getApolloClient } from './apollo-client';

/**
 * Route layout that provides the Apollo client to the member screens. It is lazy-loaded, so the
 * public pages (landing, about, waitlist) never download the GraphQL stack.
 */
export default function GraphQLLayout() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
