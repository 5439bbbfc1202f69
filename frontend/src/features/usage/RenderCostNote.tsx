import { Info } from 'lucide-react';
import type { User } from '@/lib/types';
import { renderCostText } from './credits-explained';

/** What one render of the chosen trend takes: a monthly generation always, credits only for premium trends. */
export function RenderCostNote({ user, creditCost }: { user: User; creditCost: number | null }) {
  return (
    <p className="flex items-start gap-2 text-xs text-muted" data-testid="render-cost-note">
      <Info className="mt-0.5 size-3.5 shrink-0 text-violet-300" aria-hidden />
      {renderCostText(user, creditCost)}
    </p>
  );
}
