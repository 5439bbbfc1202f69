import type { Trend } from './domain.js';

/** Trend shapes beyond the Trend itself (spec part 2 section 3; DESIGN.md section 2: votes). */

/** One row of the Board: this voting week's count and whether the caller voted. */
export interface VotingTrend {
  slug: string;
  name: string;
  description: string;
  category: string;
  votes: number;
  voted: boolean;
  /** When the trend joined the catalogue (the Board's "Newest" tab sorts on it). */
  createdAt: string;
}

export interface StyleOption {
  label: string;
  description: string;
}

/** GET /api/trends/{slug}/style-options. */
export interface StyleOptionsAnswer {
  styleOptions: Record<string, StyleOption>;
  vibes: string[];
  personalizationSupported: boolean;
}

/** What an admin may set on a trend (create needs slug, name, description, prompt, promptTemplate, category). */
export type TrendInput =
  Pick<Trend, 'slug' | 'name' | 'description' | 'prompt' | 'promptTemplate' | 'category'>
  & Partial<Pick<Trend, 'premium' | 'creditsRequired' | 'verified' | 'available'>>
  & Partial<StyleOptionsAnswer>;

export type TrendPreviewKind = 'preview' | 'example';

/** A rendered preview in object storage; the etag changes with the studio engine's version. */
export interface TrendPreview {
  key: string;
  etag: string;
}

/** One decided week: the most-voted trend became the next week's free Trend of the Week. */
export interface WeeklyElection {
  /** Monday 00:00 UTC of the week whose votes were counted (YYYY-MM-DD). */
  week: string;
  winner: string | null;
  votes: number;
  decidedAt: string;
}

/** Voting weeks start on Monday 00:00 UTC. Returns that Monday as YYYY-MM-DD. */
export function votingWeekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The week before (or after, with a positive step) a voting week. */
export function addWeeks(week: string, step: number): string {
  const day = new Date(`${week}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + 7 * step);
  return day.toISOString().slice(0, 10);
}
