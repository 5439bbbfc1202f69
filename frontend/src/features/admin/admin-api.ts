import { apiRequest } from '@/lib/api';
import type { Role, Trend, User } from '@/lib/types';
import { Roles, type ElectionResult, type FailedGeneration, type TrendInput, type LedgerEntry } from '@trendforge/contracts';

/** The admin REST calls (gateway/openapi.json, tag "admin" and PATCH/POST /api/trends/*): the server refuses everyone but admins. */

export type TrendChanges = Partial<Pick<Trend, 'available' | 'premium' | 'creditsRequired' | TrendTextField>>;

/** The trend's texts an admin writes (the trends service checks them again). */
export type TrendTextField = 'name' | 'description' | 'prompt' | 'promptTemplate' | 'category';

export async function createTrend(trend: TrendInput): Promise<Trend> {
  const res = await apiRequest('POST', '/api/trends', trend);
  return (await res.json()) as Trend;
}

export async function updateTrend(slug: string, changes: TrendChanges): Promise<Trend> {
  const res = await apiRequest('PATCH', `/api/trends/${encodeURIComponent(slug)}`, changes);
  return (await res.json()) as Trend;
}

export async function pickWeeklyTrend(slug: string): Promise<Trend> {
  const res = await apiRequest('POST', `/api/trends/${encodeURIComponent(slug)}/weekly`);
  return (await res.json()) as Trend;
}

/** Each decided week with every candidate's votes (admin only). */
export async function fetchElections(): Promise<ElectionResult[]> {
  const res = await apiRequest('GET', '/api/admin/elections');
  return (await res.json()) as ElectionResult[];
}

export async function fetchMember(userId: string): Promise<User> {
  const res = await apiRequest('GET', `/api/admin/members/${encodeURIComponent(userId)}`);
  return (await res.json()) as User;
}

/** A member found by part of their username or email, with their plan and credits. */
export interface MemberMatch {
  id: string;
  username: string;
  email: string;
  role: Role;
  credits: number;
}

export async function searchMembers(query: string): Promise<MemberMatch[]> {
  const res = await apiRequest('GET', `/api/admin/members?q=${encodeURIComponent(query)}`);
  return (await res.json()) as MemberMatch[];
}

export async function fetchLedger(userId: string): Promise<LedgerEntry[]> {
  const res = await apiRequest('GET', `/api/admin/members/${encodeURIComponent(userId)}/ledger`);
  return (await res.json()) as LedgerEntry[];
}

export async function fetchFailedGenerations(): Promise<FailedGeneration[]> {
  const res = await apiRequest('GET', '/api/admin/generations/failed');
  return (await res.json()) as FailedGeneration[];
}

export interface PlanChange {
  role: Role;
  /** Sets the balance; left out, a new paid plan brings its monthly credits (billing's plan-change rule). */
  credits?: number;
  reason: string;
}

export async function setMemberPlan(userId: string, change: PlanChange): Promise<User> {
  const res = await apiRequest('PUT', `/api/admin/members/${encodeURIComponent(userId)}/plan`, change);
  return (await res.json()) as User;
}

export const PlanRoles: readonly Role[] = Roles;
/** The Bull Board queue dashboard the gateway mounts for admins (gateway/src/admin-queues). */
export const QueueDashboardPath = '/api/admin/queues';
