import { cn } from '@/lib/cn';

interface SwitchProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  'aria-describedby'?: string;
  'data-testid'?: string;
}

/** An on/off toggle (role switch), labelled by the <label htmlFor> beside it. */
export function Switch({ id, checked, onCheckedChange, ...rest }: SwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400/60',
        checked ? 'border-violet-400/50 bg-violet-500' : 'border-border-strong bg-surface-3',
      )}
      {...rest}
    >
      <span
        aria-hidden
        className={cn(
          'inline-block size-4.5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-[22px]' : 'translate-x-[3px]',
        )}
      />
    </button>
  );
}
