import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface TraitChipProps {
  label: string;
  /** Active traits go into the prompt; inactive ones stay visible, dimmed, and are left out. */
  active: boolean;
  onToggle: () => void;
  onRemove: () => void;
  /** The remove control's accessible name, before the trait ("Exclude", "Remove"). */
  removeVerb?: string;
}

/** A chosen or extracted trait: the chip toggles it in or out of the prompt, × removes it. */
export function TraitChip({ label, active, onToggle, onRemove, removeVerb = 'Exclude' }: TraitChipProps) {
  return (
    <span
      data-testid="trait-chip"
      data-active={String(active)}
      className={cn(
        'inline-flex items-center rounded-full border text-xs font-medium transition-colors animate-fade-in',
        active
          ? 'border-violet-400/60 bg-violet-500/20 text-violet-100'
          : 'border-dashed border-border-strong bg-transparent text-subtle',
      )}
    >
      <button
        type="button"
        aria-pressed={active}
        onClick={onToggle}
        title={active ? 'In the prompt: click to leave it out' : 'Left out of the prompt: click to include it'}
        className="inline-flex items-center gap-1.5 rounded-l-full py-1.5 pl-3 pr-1.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <Check aria-hidden className={cn('size-3 transition-opacity', active ? 'opacity-100' : 'opacity-0')} />
        <span className={cn(!active && 'line-through decoration-from-font')}>{label}</span>
      </button>
      <button
        type="button"
        data-testid="trait-exclude"
        aria-label={`${removeVerb} ${label}`}
        title={`${removeVerb} ${label}`}
        onClick={onRemove}
        className="mr-1 grid size-5 place-items-center rounded-full opacity-70 transition-[opacity,background-color] hover:bg-white/10 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <X aria-hidden className="size-3" />
      </button>
    </span>
  );
}

/** A fixed trait option of "Describe Me": pressed when chosen. */
export function TraitOptionChip({
  label,
  selected,
  onClick,
  optionId,
}: {
  label: string;
  selected: boolean;
  onClick: () => void;
  optionId: string;
}) {
  return (
    <button
      type="button"
      data-testid="trait-option"
      data-option-id={optionId}
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        selected
          ? 'border-violet-400/60 bg-violet-500/20 text-violet-100'
          : 'border-border bg-surface-2 text-muted hover:border-border-strong hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
}
