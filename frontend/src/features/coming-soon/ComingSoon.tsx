import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Bell, BellRing, type LucideIcon } from 'lucide-react';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';

export interface ComingSoonProps {
  title: string;
  tagline: string;
  description: string;
  icon: LucideIcon;
  features: string[];
}

export function ComingSoon({ title, tagline, description, icon: Icon, features }: ComingSoonProps) {
  const [notified, setNotified] = useState(false);
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute left-1/2 top-0 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-violet-700/20 blur-3xl" />
      <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <span className="mb-6 inline-flex size-16 items-center justify-center rounded-2xl bg-brand glow">
          <Icon className="size-7 text-white" aria-hidden />
        </span>
        <Badge variant="muted" className="mb-4">
          Coming Soon
        </Badge>
        <h1 className="font-display text-4xl font-black tracking-tight sm:text-6xl">{title}</h1>
        <p className="mt-3 text-lg font-medium text-violet-200">{tagline}</p>
        <p className="mt-4 max-w-xl text-muted">{description}</p>
        <ul className="mt-8 grid w-full gap-3 sm:grid-cols-3">
          {features.map((f) => (
            <li key={f} className="rounded-2xl border border-border bg-surface/70 p-4 text-sm text-foreground/90">
              {f}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to="/forge">Try TrendForge Instead</Link>
          </Button>
          <Button variant="outline" size="lg" onClick={() => setNotified(true)} aria-pressed={notified}>
            {notified ? <BellRing aria-hidden /> : <Bell aria-hidden />}
            {notified ? "You're on the list" : 'Get Notified When Ready'}
          </Button>
        </div>
      </div>
    </div>
  );
}
