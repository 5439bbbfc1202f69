/**
 * The Nest handlers (`Class-method`, as the throttler names them) that answer the public
 * catalogue's reads over REST and GraphQL. Their per-client limits are counted in the replica's
 * memory (common/replica-counts.ts), one count for the handler and the fast lane that answers for it.
 * They take the throttlers' own limits (no @Throttle or @SkipThrottle on them): the fast lane counts
 * them with those (AppThrottlerGuard.admitCachedRead).
 */
export const CatalogueReadHandlers = {
  restTrends: 'TrendsController-list',
  restTrend: 'TrendsController-bySlug',
  restStyleOptions: 'TrendsController-styleOptions',
  restElections: 'TrendsController-elections',
  restBoard: 'TrendsController-voting',
  restWaitlistCount: 'WaitlistController-count',
  trends: 'TrendsResolver-trends',
  trend: 'TrendsResolver-trend',
  trendStyleOptions: 'TrendsResolver-trendStyleOptions',
  trendElections: 'TrendsResolver-trendElections',
  votingTrends: 'TrendsResolver-votingTrends',
  waitlistCount: 'WaitlistResolver-waitlistCount',
} as const;

const handlers: ReadonlySet<string> = new Set(Object.values(CatalogueReadHandlers));

export const isCatalogueRead = (handler: string) => handlers.has(handler);
