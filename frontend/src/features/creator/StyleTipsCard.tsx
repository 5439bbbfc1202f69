import type { ReactNode } from 'react';
import { Lightbulb } from 'lucide-react';
import { Card } from '@/ui/card';

/** A card with a titled list of bulleted tips. */
export function TipsCard({ testId, title, tips }: { testId: string; title: ReactNode; tips: readonly string[] }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <p className="mb-3 flex items-center gap-2 text-sm font-semibold">{title}</p>
      <ul className="grid gap-2 text-sm text-muted">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-violet-400" />
            {tip}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The trend's style tips. */
export function StyleTipsCard({ trendName, tips }: { trendName: string; tips: readonly string[] }) {
  return (
    <TipsCard
      testId="creator-style-tips"
      tips={tips}
      title={
        <>
          <Lightbulb aria-hidden className="size-4 text-amber-300" />
          {trendName} style tips
        </>
      }
    />
  );
}
