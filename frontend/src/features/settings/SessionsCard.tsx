import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, LogOut, MonitorSmartphone } from 'lucide-react';
import type { SessionSummary } from '@trendforge/contracts';
import { errorMessage } from '@/lib/api';
import { api, data as dataOf } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { toast } from '@/ui/toast-store';

export const SESSIONS_KEY = ['/api/auth/sessions'] as const;

/** A browser's name from its User-Agent, enough to tell one's own devices apart. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari' : null;
  const system = /iPhone|iPad/.test(userAgent) ? 'iOS' : /Android/.test(userAgent) ? 'Android' : /Mac OS X/.test(userAgent) ? 'macOS'
    : /Windows/.test(userAgent) ? 'Windows' : /Linux/.test(userAgent) ? 'Linux' : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

const since = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Settings: where the member is signed in, and "sign out everywhere else". */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const query = useQuery<SessionSummary[]>({ queryKey: SESSIONS_KEY, queryFn: () => dataOf(api.GET('/api/auth/sessions')), staleTime: 0 });
  const data = Array.isArray(query.data) ? query.data : undefined;
  const isError = query.isError || (query.data !== undefined && !data);
  const others = data?.filter((session) => !session.current).length ?? 0;
  const endOthers = useMutation({
    mutationFn: () => dataOf(api.POST('/api/auth/sessions/end-others')),
    onSuccess: ({ ended }) => {
      toast({ title: ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions` });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Could not sign out other sessions', description: errorMessage(error, 'Please try again later.') }),
  });

  return (
    <Card className="mt-4 p-6 sm:p-7" data-testid="sessions-card">
      <h2 className="text-lg font-semibold tracking-tight">Active Sessions</h2>
      <p className="mt-1 text-sm text-muted">Where you are signed in. Signing out elsewhere also ends live updates there at once.</p>
      {isError ? (
        <p className="mt-4 text-sm text-rose-300">Your sessions could not be loaded. Please try again later.</p>
      ) : (
        <ul className="mt-4 divide-y divide-border" aria-busy={!data}>
          {(data ?? []).map((session) => (
            <li key={session.id} className="flex items-center gap-3 py-3" data-testid="session-row">
              <MonitorSmartphone className="size-5 shrink-0 text-violet-300" aria-hidden />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">
                  {deviceName(session.device)}
                  {session.current ? <span className="ml-2 rounded bg-violet-500/20 px-1.5 py-0.5 text-xs text-violet-200">This device</span> : null}
                </p>
                <p className="text-xs text-subtle">Signed in {since(session.createdAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" className="mt-3" onClick={() => endOthers.mutate()} disabled={others === 0 || endOthers.isPending}
        data-testid="sessions-end-others">
        {endOthers.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
        Sign out everywhere else
      </Button>
    </Card>
  );
}
