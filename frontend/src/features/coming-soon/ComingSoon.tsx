import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, BellRing, type LucideIcon } from 'lucide-react';
import { useAuth } from '@/features/auth/auth-context';
import { saveSettings, settingsFormOf } from '@/features/settings/settings-api';
import { errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast-store';

export interface ComingSoonProps {
  title: string;
  tagline: string;
  description: string;
  icon: LucideIcon;
  features: string[];
}

/**
 * "Get Notified When Ready" (the spec leaves its action open): the one way the product tells a
 * member about anything is their Email Notifications preference (Settings), so the button turns it
 * on, saved to the account, and says so; the member can turn it off again in Settings.
 */
function useNotifyWhenReady(title: string) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const turnOn = useMutation({
    mutationFn: async () => (user && !user.emailNotifications ? saveSettings({ ...settingsFormOf(user), emailNotifications: true }) : user),
    onSuccess: (next) => {
      if (next) queryClient.setQueryData(queryKeys.me, next);
      setDone(true);
      toast({ title: "You're on the list", description: `Email notifications are on: we'll tell you when ${title} is ready. You can turn them off in Settings.` });
    },
    onError: (error) => {
      toast({ title: 'Could not turn on notifications', description: errorMessage(error, 'Please try again later'), variant: 'destructive' });
    },
  });
  return { done, pending: turnOn.isPending, notify: () => turnOn.mutate() };
}

export function ComingSoon({ title, tagline, description, icon: Icon, features }: ComingSoonProps) {
  const { done: notified, pending, notify } = useNotifyWhenReady(title);
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
          <Button variant="outline" size="lg" onClick={notify} disabled={pending || notified} data-testid="coming-soon-notify">
            {notified ? <BellRing aria-hidden /> : <Bell aria-hidden />}
            {notified ? "You're on the list" : 'Get Notified When Ready'}
          </Button>
        </div>
      </div>
    </div>
  );
}
