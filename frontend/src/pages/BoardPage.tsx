import { Heart, Trophy } from 'lucide-react';
import { Card } from '@/ui/card';

export default function BoardPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="mb-8 text-center">
        <span className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-brand glow">
          <Trophy className="size-6 text-white" aria-hidden />
        </span>
        <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Vote For Your Favorite Trends</h1>
        <p className="mt-2 text-muted">Help shape what's next. Tap to ❤️ your favorites.</p>
      </div>
      <Card className="flex flex-col items-center gap-2 p-10 text-center">
        <Heart className="size-6 text-rose-400" aria-hidden />
        <p className="font-semibold">No trends available</p>
        <p className="text-sm text-muted">Check back soon for new trends to vote on!</p>
      </Card>
      <p className="mt-6 text-center text-xs text-subtle">
        Your votes help decide which trend becomes free as the next “Trend of the Week”.
      </p>
    </div>
  );
}
