import createClient from 'openapi-fetch';
import type {
  ElectionResult,
  FailedGeneration,
  ImagePageView,
  ImageView,
  LedgerEntry,
  Role,
  ShareLinkView,
  Trend,
  User,
  VotingTrend,
} from '@trendforge/contracts';
import type { paths } from './api-schema';
import { send } from './api';

/**
 * What the REST paths the SPA reads answer. gateway/openapi.json names their request bodies and
 * parameters but not yet their answers (its controllers declare no response types), so the answers
 * are named here once, from the contracts; an answer the document describes is taken from it instead.
 */
type Answers = Checked<{
  '/api/auth/login': { post: User };
  '/api/auth/register': { post: User };
  '/api/auth/sessions/end-others': { post: { ended: number } };
  '/api/users/settings': { put: User };
  '/api/users/onboarding': { put: User };
  '/api/admin/members': { get: { id: string; username: string; email: string; role: Role; credits: number }[] };
  '/api/admin/members/{userId}': { get: User };
  '/api/admin/members/{userId}/ledger': { get: LedgerEntry[] };
  '/api/admin/members/{userId}/plan': { put: User };
  '/api/admin/generations/failed': { get: FailedGeneration[] };
  '/api/admin/elections': { get: ElectionResult[] };
  '/api/trends': { post: Trend };
  '/api/trends/{slug}': { patch: Trend };
  '/api/trends/{slug}/weekly': { post: Trend };
  '/api/trends/{slug}/vote': { post: VotingTrend; delete: VotingTrend };
  '/api/images': { post: ImageView };
  '/api/images/page': { get: ImagePageView };
  '/api/images/{id}/share-link': { get: ShareLinkView; post: ShareLinkView };
  '/api/billing/status': { get: { configured: boolean; canManage: boolean; subscription: { plan: 'basic' | 'pro' | null; status: string } | null } };
  '/api/billing/checkout': { post: { url?: unknown } };
  '/api/billing/portal': { post: { url?: unknown } };
}>;

/** Only paths and methods the document has (a typo or a removed path fails the typecheck). */
type Checked<A extends { [P in keyof A]: P extends keyof paths ? { [M in keyof A[P]]: M extends keyof paths[P] ? unknown : never } : never }> = A;

type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };

/** An operation whose 200/201 answer has no content in the document gets the one named in Answers. */
type WithAnswer<Op, T> = Op extends { responses: infer R }
  ? Omit<Op, 'responses'> & {
      responses: { [C in keyof R]: C extends 200 | 201 ? (R[C] extends { content: object } ? R[C] : Json<T>) : R[C] };
    }
  : Op;

type TypedPaths = {
  [P in keyof paths]: P extends keyof Answers
    ? { [M in keyof paths[P]]: M extends keyof Answers[P] ? WithAnswer<paths[P][M], Answers[P][M]> : paths[P][M] }
    : paths[P];
};

/** The answer a path and method give (for the screens' own type names). */
export type ApiAnswer<P extends keyof Answers, M extends keyof Answers[P]> = Answers[P][M];

/**
 * The SPA's typed REST client: paths, parameters and bodies checked against gateway/openapi.json.
 * Every call goes through `send` (cookies, network-error logging, non-2xx answers thrown as ApiError),
 * as the same plain fetch(path, init) as before; the origin is only there because a Request needs one.
 */
export const api = createClient<TypedPaths>({
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  fetch: async (request: Request) => {
    const url = new URL(request.url);
    return send(url.pathname + url.search, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      body: request.body ? await request.text() : undefined,
    });
  },
});

/** The data of a call: `send` has already thrown every non-2xx answer, so an answer here is a success. */
export async function data<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}
