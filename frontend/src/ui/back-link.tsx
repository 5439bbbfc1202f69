import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from './button';

/** The "← Back to …" link above a page's heading. */
export function BackLink({ to, children, className = 'mb-6', testId }: { to: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={`-ml-2 ${className}`}>
      <Link to={to} data-testid={testId}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
