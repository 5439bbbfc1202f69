import { describe, expect, it } from 'vitest';
import type { VotingTrend } from '@/lib/types';
import { boardBadges, boardTooltip, sortBoard, toggleVote, voteToast, withServerRow } from './board-logic';

const row = (slug: string, votes: number, createdAt: string, over: Partial<VotingTrend> = {}): VotingTrend => ({
  slug, name: slug.toUpperCase(), description: `${slug} look`, category: 'Free', votes, voted: false, createdAt, ...over,
});
const list = [row('b', 3, '2025-09-01T00:00:00Z'), row('a', 3, '2025-11-01T00:00:00Z'), row('c', 7, '2025-10-01T00:00:00Z')];

describe('board logic', () => {
  it('Most Voted sorts by votes descending, then by name', () => {
    expect(sortBoard(list, 'most-voted').map((t) => t.slug)).toEqual(['c', 'a', 'b']);
  });

  it('Newest sorts newest first (DESIGN.md), not alphabetically', () => {
    expect(sortBoard(list, 'newest').map((t) => t.slug)).toEqual(['a', 'c', 'b']);
  });

  it('toggling a vote changes the count by exactly one and flips the highlight', () => {
    const voted = toggleVote(list, 'b');
    expect(voted.find((t) => t.slug === 'b')).toEqual(expect.objectContaining({ votes: 4, voted: true }));
    expect(toggleVote(voted, 'b').find((t) => t.slug === 'b')).toEqual(expect.objectContaining({ votes: 3, voted: false }));
    expect(voted.find((t) => t.slug === 'c')!.votes).toBe(7);
  });

  it('the server answer replaces the optimistic count', () => {
    const optimistic = toggleVote(list, 'a');
    expect(withServerRow(optimistic, row('a', 9, '', { voted: true })).find((t) => t.slug === 'a')).toEqual(expect.objectContaining({ votes: 9, voted: true }));
  });

  it('badges: ⭐️ Weekly for the Trend of the Week, New for new trends', () => {
    expect(boardBadges({ category: 'Trend of the Week' })).toEqual(['⭐️ Weekly']);
    expect(boardBadges({ category: 'New' })).toEqual(['New']);
    expect(boardBadges({ category: 'Premium' })).toEqual([]);
  });

  it('the tooltip falls back to "Vote for the {name} trend"', () => {
    expect(boardTooltip({ name: 'Pixel Art', description: '' })).toBe('Vote for the Pixel Art trend');
    expect(boardTooltip({ name: 'Pixel Art', description: 'Retro sprites' })).toBe('Retro sprites');
  });

  it('vote toasts use the spec texts', () => {
    expect(voteToast(true)).toEqual({ title: 'Vote added', description: "You've voted for this trend." });
    expect(voteToast(false)).toEqual({ title: 'Vote removed', description: "You've removed your vote from this trend." });
  });
});
