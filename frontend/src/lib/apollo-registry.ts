/**
 * The Apollo client is created lazily (only screens that use GraphQL load it), so sign-out
 * reaches it through this tiny registry instead of importing @apollo/client into the shell.
 */
interface ClearableClient {
  clearStore(): Promise<unknown>;
}

let current: ClearableClient | null = null;

export function registerApolloClient(client: ClearableClient) {
  current = client;
}

export async function clearApolloStore(): Promise<void> {
  if (!current) return;
  try {
    await current.clearStore();
  } catch (error) {
    console.error('Failed to clear the GraphQL cache', error);
  }
}
