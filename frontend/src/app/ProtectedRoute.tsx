import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Lock } from 'lucide-react';
import { useAuth } from '@/features/auth/auth-context';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PageSpinner } from '@/ui/spinner';

export const REDIRECT_SECONDS = 3;

/** Spinner while the session loads; without a user, the "Authentication Required" countdown. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <AuthRequired />;
  return <>{children}</>;
}

export function AuthRequired() {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (seconds <= 0) {
      navigate('/', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, navigate]);

  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16" data-testid="auth-required">
      <Card className="relative w-full max-w-md overflow-hidden p-8 text-center animate-fade-up">
        <div aria-hidden className="pointer-events-none absolute -top-20 left-1/2 h-40 w-64 -translate-x-1/2 rounded-full bg-violet-600/25 blur-3xl" />
        <span className="relative mx-auto mb-5 inline-flex size-14 items-center justify-center rounded-2xl border border-violet-400/30 bg-violet-500/10">
          <Lock className="size-6 text-violet-300" aria-hidden />
        </span>
        <h1 className="relative text-2xl font-bold tracking-tight">Authentication Required</h1>
        <p className="relative mt-2 text-muted">This feature requires you to sign in first.</p>
        <p className="relative mt-5 text-sm text-subtle" aria-live="polite" data-testid="redirect-countdown">
          Redirecting to home page in {Math.max(seconds, 0)} seconds...
        </p>
        <Button className="relative mt-6 w-full" size="lg" onClick={() => navigate('/', { replace: true })}>
          Go to Home Page
        </Button>
      </Card>
    </div>
  );
}
