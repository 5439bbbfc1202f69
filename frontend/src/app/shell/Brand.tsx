import { Link } from 'react-router-dom';
import { Flame } from 'lucide-react';
import { clsx } from 'clsx';
import { useAuth } from '@/features/auth/auth-context';

export function Brand({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { user } = useAuth();
  // The "Pro" mark tells a Pro member where they are; shown to anyone else it promises what they lack.
  const pro = user?.role === 'pro' || user?.role === 'pro_unlimited';
  return (
    <Link
      to="/"
      onClick={onNavigate}
      data-testid="brand-home"
      className={clsx('group inline-flex items-center gap-2.5 rounded-xl', className)}
    >
      <span className="relative inline-flex size-8 items-center justify-center rounded-[10px] bg-brand glow transition-transform duration-300 group-hover:rotate-[-6deg]">
        <Flame className="size-4.5 text-white" aria-hidden strokeWidth={2.5} />
      </span>
      <span className="font-display text-[17px] font-bold tracking-tight text-foreground">
        Trend<span className="text-gradient">Forge</span>
      </span>
      {/* Decorative, as in the spec. The link is named by its visible text (WCAG 2.5.3). */}
      {pro ? (
        <span
          aria-hidden
          className="hidden rounded-md border border-fuchsia-400/30 bg-fuchsia-500/10 px-1.5 py-px text-[10px] font-bold uppercase tracking-wider text-fuchsia-200 lg:inline"
        >
          Pro
        </span>
      ) : null}
    </Link>
  );
}
