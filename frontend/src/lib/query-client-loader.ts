import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query (the client and its caches) is its own chunk: the landing and about pages never
 * load it for visitors. Whatever needs it — a page that reads through it, the auth dialog, a member's
 * session — loads it through here; AppProviders then provides it (see providers.tsx).
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

export function loadedQueryClient(): QueryClient | null {
  return client;
}

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./queryClient').then((module) => {
    client = module.queryClient;
    for (const listener of listeners) listener();
    return client;
  });
  return loading;
}

export function subscribeToQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Public pages that read nothing through TanStack Query: visitors get them without it. */
export const pagesWithoutQueries: readonly string[] = ['/', '/about-trendforge'];
