import type { VotingTrend } from '@/lib/types';

export type BoardTab = 'most-voted' | 'newest';

export const WEEKLY_CATEGORY = 'Trend of the Week';

/**
 * "Most Voted": votes descending (name breaks ties). "Newest": newest first — DESIGN.md section 3
 * fixes the original's alphabetical sort.
 */
export function sortBoard(list: readonly VotingTrend[], tab: BoardTab): VotingTrend[] {
  const byName = (a: VotingTrend, b: VotingTrend) => a.name.localeCompare(b.name);
  return [...list].sort(
    tab === 'most-voted'
      ? (a, b) => b.votes - a.votes || byName(a, b)
      : (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || byName(a, b),
  );
}

/** Spec part 2 section 4: an unvoted trend gains one vote, a voted one loses it. */
export function toggleVote(list: readonly VotingTrend[], slug: string): VotingTrend[] {
  return list.map((t) => (t.slug === slug ? { ...t, voted: !t.voted, votes: Math.max(0, t.votes + (t.voted ? -1 : 1)) } : t));
}

/** Puts the server's answer for one trend in place (its count is the stored votes). */
export function withServerRow(list: readonly VotingTrend[], row: VotingTrend): VotingTrend[] {
  return list.map((t) => (t.slug === row.slug ? { ...t, votes: row.votes, voted: row.voted } : t));
}

export function boardBadges(trend: Pick<VotingTrend, 'category'>): string[] {
  const badges: string[] = [];
  if (trend.category === WEEKLY_CATEGORY) badges.push('⭐️ Weekly');
  if (trend.category === 'New') badges.push('New');
  return badges;
}

export function boardTooltip(trend: Pick<VotingTrend, 'name' | 'description'>): string {
  return trend.description?.trim() || `Vote for the ${trend.name} trend`;
}

/** Spec part 2 section 8: the success toast of a vote or an unvote. */
export function voteToast(nowVoted: boolean): { title: string; description: string } {
  return nowVoted
    ? { title: 'Vote added', description: "You've voted for this trend." }
    : { title: 'Vote removed', description: "You've removed your vote from this trend." };
}
