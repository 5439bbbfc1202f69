import { Lightbulb, Zap } from 'lucide-react';
import type { CreatorIdea } from './creator-content';

export interface IdeaButtonsProps {
  ideas: readonly CreatorIdea[];
  disabled?: boolean;
  /** Fills the prompt with the idea; the page starts generating 100 ms later. */
  onPick: (idea: CreatorIdea) => void;
}

/** Four viral-ready ideas for the trend. */
export function IdeaButtons({ ideas, disabled, onPick }: IdeaButtonsProps) {
  return (
    <section aria-labelledby="creator-ideas-title">
      <h2 id="creator-ideas-title" className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <Lightbulb aria-hidden className="size-4 text-amber-300" />
        Viral-ready ideas
      </h2>
      <div className="grid gap-2 sm:grid-cols-2">
        {ideas.map((idea, i) => (
          <button
            key={idea.label}
            type="button"
            disabled={disabled}
            data-testid={`creator-idea-${i}`}
            onClick={() => onPick(idea)}
            className="group flex items-start gap-3 rounded-xl border border-border bg-surface-2 p-3 text-left transition-colors hover:border-violet-400/50 hover:bg-violet-500/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60"
          >
            <Zap aria-hidden className="mt-0.5 size-4 shrink-0 text-violet-300 transition-transform group-hover:scale-110" />
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{idea.label}</span>
              <span className="line-clamp-2 block text-xs text-muted">{idea.prompt}</span>
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
