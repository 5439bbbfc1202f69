import { Link, useSearchParams } from 'react-router-dom';
import { ArrowRight, Gift, Sparkles, Users } from 'lucide-react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export default function WaitlistPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute -top-32 left-1/2 h-[30rem] w-[50rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(217_70_239_/_0.25),transparent)]" />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="inline-flex items-center gap-2 rounded-full border border-fuchsia-400/30 bg-fuchsia-500/10 px-3 py-1 text-xs font-semibold text-fuchsia-200">
          <Sparkles className="size-3.5" aria-hidden />
          Early access
        </span>
        <h1 className="mt-6 font-display text-4xl font-black tracking-tight sm:text-6xl">
          Be first to forge the <span className="text-gradient">next viral trend</span>
        </h1>
        <p className="mt-5 max-w-xl text-lg text-muted">
          TrendForge turns your selfies and ideas into the styles everyone is sharing. Join the waitlist for
          12+ premium styles at launch and 50% off your first month.
        </p>
        {ref ? (
          <p className="mt-4 inline-flex items-center gap-2 text-sm text-violet-200">
            <Gift className="size-4" aria-hidden />
            Invited with code <span className="font-mono font-semibold">{ref}</span>
          </p>
        ) : null}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              Explore TrendForge
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <Card className="mt-12 grid w-full grid-cols-3 divide-x divide-border p-6">
          <div>
            <p className="text-2xl font-bold">487</p>
            <p className="text-xs text-muted">on the waitlist</p>
          </div>
          <div>
            <p className="text-2xl font-bold">12,914</p>
            <p className="text-xs text-muted">images forged</p>
          </div>
          <div>
            <p className="inline-flex items-center gap-1 text-2xl font-bold">
              <Users className="size-5 text-violet-300" aria-hidden />
              3,500
            </p>
            <p className="text-xs text-muted">weekly remixes</p>
          </div>
        </Card>
      </div>
    </div>
  );
}
