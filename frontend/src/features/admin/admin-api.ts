import { api, data, type ApiAnswer } from '@/lib/api-client';
import type { Role, Trend, User } from '@/lib/types';
import { Roles, type ElectionResult, type FailedGeneration, type TrendInput, type LedgerEntry } from '@trendforge/contracts';

/** The admin REST calls (gateway/openapi.json, tag "admin" and PATCH/POST /api/trends/*): the server refuses everyone but admins. */

export type TrendChanges = Partial<Pick<Trend, 'available' | 'premium' | 'creditsRequired' | TrendTextField>>;

/** The trend's texts an admin writes (the trends service checks them again). */
export type TrendTextField = 'name' | 'description' | 'prompt' | 'promptTemplate' | 'category';

export function createTrend(trend: TrendInput): Promise<Trend> {
  return data(api.POST('/api/trends', { body: trend }));
}

export function updateTrend(slug: string, changes: TrendChanges): Promise<Trend> {
  return data(api.PATCH('/api/trends/{slug}', { params: { path: { slug } }, body: changes }));
}

export function pickWeeklyTrend(slug: string): Promise<Trend> {
  return data(api.POST('/api/trends/{slug}/weekly', { params: { path: { slug } } }));
}

/** Each decided week with every candidate's votes (admin only). */
export function fetchElections(): Promise<ElectionResult[]> {
  return data(api.GET('/api/admin/elections'));
}

export function fetchMember(userId: string): Promise<User> {
  return data(api.GET('/api/admin/members/{userId}', { params: { path: { userId } } }));
}

/** A member found by part of their username or email, with their plan and credits. */
export type MemberMatch = ApiAnswer<'/api/admin/members', 'get'>[number];

export function searchMembers(query: string): Promise<MemberMatch[]> {
  return data(api.GET('/api/admin/members', { params: { query: { q: query } } }));
}

export function fetchLedger(userId: string): Promise<LedgerEntry[]> {
  return data(api.GET('/api/admin/members/{userId}/ledger', { params: { path: { userId } } }));
}

export function fetchFailedGenerations(): Promise<FailedGeneration[]> {
  return data(api.GET('/api/admin/generations/failed'));
}

export interface PlanChange {
  role: Role;
  /** Sets the balance; left out, a new paid plan brings its monthly credits (billing's plan-change rule). */
  credits?: number;
  reason: string;
}

export function setMemberPlan(userId: string, change: PlanChange): Promise<User> {
  return data(api.PUT('/api/admin/members/{userId}/plan', { params: { path: { userId } }, body: change }));
}

export const PlanRoles: readonly Role[] = Roles;
/** The Bull Board queue dashboard the gateway mounts for admins (gateway/src/admin-queues). */
export const QueueDashboardPath = '/api/admin/queues';
