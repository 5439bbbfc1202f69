import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Heart, Trophy } from 'lucide-react';
import { errorMessage } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { VotingTrend } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { fetchVotingTrends, trendKeys } from '@/features/trends/use-trends';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmojiText } from '@/ui/emoji-text';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/ui/tabs';
import { toast } from '@/ui/toast-store';
import { Tooltip } from '@/ui/tooltip';
import { boardBadges, boardTooltip, sortBoard, toggleVote, voteToast, withServerRow, type BoardTab } from './board-logic';

/** The Board (spec part 2 section 2.6): this week's votes; the winner becomes next week's free trend. */
export function BoardScreen() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<BoardTab>('most-voted');
  const board = useQuery({ queryKey: trendKeys.voting, queryFn: fetchVotingTrends, staleTime: 0 });

  const vote = useMutation({
    mutationFn: (trend: VotingTrend) => {
      const init = { params: { path: { slug: trend.slug } } };
      return data(trend.voted ? api.DELETE('/api/trends/{slug}/vote', init) : api.POST('/api/trends/{slug}/vote', init));
    },
    // Optimistic: the heart and count change at once and go back if the server refuses.
    onMutate: async (trend) => {
      await queryClient.cancelQueries({ queryKey: trendKeys.voting });
      const previous = queryClient.getQueryData<VotingTrend[]>(trendKeys.voting);
      queryClient.setQueryData<VotingTrend[]>(trendKeys.voting, (list = []) => toggleVote(list, trend.slug));
      return { previous };
    },
    onError: (error, _trend, context) => {
      queryClient.setQueryData(trendKeys.voting, context?.previous);
      toast({ title: 'Vote failed', description: errorMessage(error, 'Failed to vote'), variant: 'destructive' });
    },
    onSuccess: (row, trend) => {
      queryClient.setQueryData<VotingTrend[]>(trendKeys.voting, (list = []) => withServerRow(list, row));
      toast(voteToast(!trend.voted));
    },
  });

  const onHeart = (trend: VotingTrend) => {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please sign in to vote for trends' });
      return;
    }
    vote.mutate(trend);
  };

  const rows = sortBoard(board.data ?? [], tab);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="mb-8 text-center">
        <span className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-brand glow">
          <Trophy className="size-6 text-white" aria-hidden />
        </span>
        <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Vote For Your Favorite Trends</h1>
        <p className="mt-2 text-muted">
          <EmojiText text="Help shape what's next. Tap to ❤️ your favorites." />
        </p>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as BoardTab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="most-voted" data-testid="board-tab-most-voted">
            <Heart className="size-4" aria-hidden />
            Most Voted
          </TabsTrigger>
          <TabsTrigger value="newest" data-testid="board-tab-newest">
            <Clock className="size-4" aria-hidden />
            Newest
          </TabsTrigger>
        </TabsList>

        {/* The tab's panel: one list, in the chosen order (the triggers point at it). */}
        <TabsContent value={tab} className="mt-4">
          {board.isLoading ? (
            <div className="grid gap-2" aria-label="Loading trends...">
              {Array.from({ length: 6 }, (_, i) => (
                <div key={i} className="h-16 animate-pulse rounded-2xl border border-border bg-surface-2" />
              ))}
            </div>
          ) : board.isError ? (
            <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
              <p className="font-semibold">Failed to fetch trends</p>
              <Button variant="secondary" onClick={() => void board.refetch()}>
                Try Again
              </Button>
            </Card>
          ) : rows.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 p-10 text-center" data-testid="board-empty">
              <Heart className="size-6 text-rose-400" aria-hidden />
              <p className="font-semibold">No trends available</p>
              <p className="text-sm text-muted">Check back soon for new trends to vote on!</p>
            </Card>
          ) : (
            // grid-cols-1 is minmax(0, 1fr): a long trend name truncates instead of widening the rows.
            <ol className="grid grid-cols-1 gap-2" data-testid="board-list">
              {rows.map((trend, index) => (
                <BoardRow key={trend.slug} trend={trend} rank={tab === 'most-voted' ? index + 1 : null} onHeart={() => onHeart(trend)} />
              ))}
            </ol>
          )}
        </TabsContent>
      </Tabs>

      <p className="mt-6 text-center text-xs text-subtle">
        Your votes help decide which trend becomes free as the next “Trend of the Week”.
      </p>
    </div>
  );
}

function BoardRow({ trend, rank, onHeart }: { trend: VotingTrend; rank: number | null; onHeart: () => void }) {
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-border bg-surface/70 p-3 pl-4 transition-colors hover:border-border-strong sm:gap-4"
      data-testid="board-row"
      data-trend-slug={trend.slug}
    >
      {rank !== null ? (
        <span className={cn('w-6 shrink-0 text-center font-display text-sm font-bold', rank <= 3 ? 'text-violet-300' : 'text-subtle')}>{rank}</span>
      ) : null}
      <Tooltip
        content={
          <span className="flex flex-col gap-1">
            <span>{boardTooltip(trend)}</span>
            <span className="text-subtle">{trend.category}</span>
          </span>
        }
      >
        <button type="button" className="flex min-w-0 flex-1 flex-col items-start gap-1 text-left" data-testid="board-row-info">
          <span className="max-w-full truncate font-semibold" data-testid="board-row-name">{trend.name}</span>
          <span className="flex flex-wrap gap-1.5">
            {boardBadges(trend).map((label) => (
              <Badge key={label} variant={label === 'New' ? 'default' : 'warning'} data-testid="board-badge">
                <EmojiText text={label} />
              </Badge>
            ))}
          </span>
        </button>
      </Tooltip>
      <button
        type="button"
        onClick={onHeart}
        aria-pressed={trend.voted}
        aria-label={`${trend.voted ? 'Remove your vote for' : 'Vote for'} ${trend.name}`}
        data-testid="vote-button"
        className={cn(
          'inline-flex h-10 min-w-[4.5rem] shrink-0 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-semibold tabular-nums transition-colors',
          trend.voted
            ? 'border-rose-400/50 bg-rose-500/15 text-rose-200'
            : 'border-border bg-surface-2 text-muted hover:border-rose-400/40 hover:text-foreground',
        )}
      >
        <Heart className={cn('size-4', trend.voted ? 'fill-rose-400 text-rose-400' : '')} aria-hidden />
        <span data-testid="vote-count">{trend.votes}</span>
      </button>
    </li>
  );
}
