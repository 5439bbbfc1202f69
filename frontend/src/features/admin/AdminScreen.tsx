import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { fetchTrends } from '@/features/trends/use-trends';
import type { Trend, User } from '@/lib/types';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { toast } from '@/ui/toast';
import { TrendForm, type NewTrend, type TrendTexts } from './TrendForm';
import { createTrend, fetchElections, fetchFailedGenerations, fetchLedger, fetchMember, pickWeeklyTrend, searchMembers, type MemberMatch, PlanRoles, QueueDashboardPath, setMemberPlan, updateTrend, type TrendChanges } from './admin-api';

const failed = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** The admin's screen: trends (availability, premium, credits, weekly pick), elections, members (plans, ledger) and failed generations. */
export function AdminScreen() {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8" data-testid="admin-screen">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Admin</h1>
        <a className="text-sm text-violet-300 underline" href={QueueDashboardPath} data-testid="admin-queues-link">Queue dashboard</a>
      </header>
      <AdminTrends />
      <AdminElections />
      <AdminMembers />
      <AdminFailedGenerations />
    </div>
  );
}

function AdminTrends() {
  const client = useQueryClient();
  const trends = useQuery<Trend[]>({ queryKey: queryKeys.trends, queryFn: fetchTrends });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.trends });
  const update = useMutation({
    mutationFn: ({ slug, changes }: { slug: string; changes: TrendChanges }) => updateTrend(slug, changes),
    onSuccess: (trend) => { toast({ title: 'Trend updated', description: trend.name }); void refresh(); },
    onError: failed('Could not update the trend'),
  });
  const weekly = useMutation({
    mutationFn: pickWeeklyTrend,
    onSuccess: (trend) => { toast({ title: 'Weekly trend set', description: trend.name }); void refresh(); },
    onError: failed('Could not set the weekly trend'),
  });
  const [creating, setCreating] = useState(false);
  const create = useMutation({
    mutationFn: (trend: NewTrend) => createTrend(trend),
    onSuccess: (trend) => { toast({ title: 'Trend created', description: trend.name }); setCreating(false); void refresh(); },
    onError: failed('Could not create the trend'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trends</CardTitle>
        <CardDescription>Create and edit trends; availability, premium, credits per generation and the weekly trend. Every change is audited.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        {creating
          ? <TrendForm busy={create.isPending} onSubmit={(values) => create.mutate(values as NewTrend)} onCancel={() => setCreating(false)} />
          : <Button variant="outline" onClick={() => setCreating(true)}>New trend</Button>}
        {trends.isLoading && <p className="text-muted">Loading trends…</p>}
        {trends.error && <p role="alert">{errorMessage(trends.error, 'Could not load the trends.')}</p>}
        {trends.data?.map((trend) => (
          <TrendRow key={trend.slug} trend={trend} busy={update.isPending || weekly.isPending}
            onChange={(changes) => update.mutate({ slug: trend.slug, changes })} onPickWeekly={() => weekly.mutate(trend.slug)}
            onEditTexts={(texts, done) => update.mutate({ slug: trend.slug, changes: texts }, { onSuccess: done })} />
        ))}
      </CardContent>
    </Card>
  );
}

function TrendRow({ trend, busy, onChange, onPickWeekly, onEditTexts }: {
  trend: Trend; busy: boolean; onChange: (changes: TrendChanges) => void; onPickWeekly: () => void; onEditTexts: (texts: TrendTexts, done: () => void) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [credits, setCredits] = useState(String(trend.creditsRequired));
  const creditsValid = /^\d+$/.test(credits) && Number(credits) <= 100;
  const id = `credits-${trend.slug}`;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-white/10 p-3 md:flex-row md:flex-wrap md:items-center" data-testid={`admin-trend-${trend.slug}`}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{trend.name} {trend.isWeeklyTrend && <span className="text-xs text-amber-300">· weekly</span>}</p>
        <p className="truncate text-xs text-muted">{trend.slug}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox" checked={trend.available} disabled={busy} onChange={(e) => onChange({ available: e.target.checked })} /> Available
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" className="checkbox" checked={trend.premium} disabled={busy} onChange={(e) => onChange({ premium: e.target.checked })} /> Premium
        </label>
        <Label htmlFor={id} className="sr-only">Credits for {trend.name}</Label>
        <Input id={id} className="w-20" inputMode="numeric" value={credits} aria-invalid={!creditsValid} onChange={(e) => setCredits(e.target.value)} />
        {/* Offered once there is a change to save: a greyed-out button read as broken. */}
        {creditsValid && Number(credits) !== trend.creditsRequired ? (
          <Button size="sm" disabled={busy} onClick={() => onChange({ creditsRequired: Number(credits) })}>Save credits</Button>
        ) : null}
        <Button size="sm" variant="secondary" disabled={busy || trend.isWeeklyTrend} onClick={onPickWeekly}>Make weekly</Button>
        <Button size="sm" variant="ghost" aria-label={`Edit ${trend.name}`} aria-expanded={editing} onClick={() => setEditing(!editing)}>Edit</Button>
      </div>
      {editing && (
        <div className="md:basis-full">
          <TrendForm trend={trend} busy={busy} onSubmit={(texts) => onEditTexts(texts, () => setEditing(false))} onCancel={() => setEditing(false)} />
        </div>
      )}
    </div>
  );
}

function AdminElections() {
  const elections = useQuery({ queryKey: ['/api/admin/elections'], queryFn: fetchElections });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Weekly elections</CardTitle>
        <CardDescription>The members' vote for each week's trend: every candidate's votes, most first.</CardDescription>
      </CardHeader>
      <CardContent>
        {elections.error && <p role="alert">{errorMessage(elections.error, 'Could not load the elections.')}</p>}
        {elections.data?.length === 0 && <p className="text-muted">No election has been decided yet.</p>}
        <ul className="space-y-3 text-sm" data-testid="admin-elections">
          {elections.data?.map((election) => (
            <li key={election.week} className="space-y-1" data-testid={`admin-election-${election.week}`}>
              <p className="font-medium">Week of {election.week}: {election.winner ?? 'no winner'} ({election.votes} votes)</p>
              {election.candidates.length > 0 && (
                <ol className="space-y-0.5 pl-4 text-muted">
                  {election.candidates.map((candidate) => (
                    <li key={candidate.slug} className="flex justify-between gap-3 sm:max-w-sm">
                      <span className="truncate">{candidate.name}</span><span>{candidate.votes} {candidate.votes === 1 ? 'vote' : 'votes'}</span>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const planSchema = z.object({
  role: z.enum(PlanRoles as [User['role'], ...User['role'][]]),
  credits: z.coerce.number().int('Credits must be a whole number').min(0, 'Credits cannot be negative'),
  reason: z.string().trim().min(1, 'Say why, for the ledger').max(200),
});
type PlanForm = z.output<typeof planSchema>;

function AdminMembers() {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<User | null>(null);
  const found = useMutation({ mutationFn: searchMembers, onError: failed('Could not search the members') });
  const open = useMutation({ mutationFn: fetchMember, onSuccess: setChosen, onError: failed('Member not found') });
  const client = useQueryClient();
  const saved = (user: User) => {
    setChosen(user);
    void client.invalidateQueries({ queryKey: ledgerKey(user.id) });
    if (search.trim()) found.mutate(search.trim());
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>Find a member by username or email, then change their plan and credits; each change is a ledger row naming you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form className="flex flex-col gap-2 sm:flex-row" role="search" onSubmit={(e) => { e.preventDefault(); if (search.trim()) found.mutate(search.trim()); }}>
          <Label htmlFor="admin-member-search" className="sr-only">Username or email</Label>
          <Input id="admin-member-search" placeholder="Username or email" maxLength={100} value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button type="submit" disabled={found.isPending || !search.trim()}>Search</Button>
        </form>
        {found.data?.length === 0 && <p className="text-sm text-muted">No member matches.</p>}
        {found.data && found.data.length > 0 && (
          <ul className="divide-y divide-white/10 rounded-lg border border-white/10" data-testid="admin-member-results">
            {found.data.map((match) => <MemberResult key={match.id} match={match} busy={open.isPending} onOpen={() => open.mutate(match.id)} />)}
          </ul>
        )}
        {chosen && (
          <div className="space-y-4">
            <MemberPlanForm key={`${chosen.id}-${chosen.role}-${chosen.credits}`} member={chosen} onSaved={saved} />
            <MemberLedger userId={chosen.id} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function MemberResult({ match, busy, onOpen }: { match: MemberMatch; busy: boolean; onOpen: () => void }) {
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center" data-testid={`admin-member-result-${match.id}`}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{match.username}</p>
        <p className="truncate text-xs text-muted">{match.email}</p>
      </div>
      <div className="flex items-center gap-3 text-sm">
        <Badge variant="outline">{match.role}</Badge>
        <span>{match.credits} credits</span>
        <Button size="sm" variant="outline" disabled={busy} onClick={onOpen} aria-label={`Open ${match.username}`}>Open</Button>
      </div>
    </li>
  );
}

const ledgerKey = (userId: string) => ['/api/admin/members', userId, 'ledger'];
const dateTime = (iso: string) => new Date(iso).toLocaleString();

function MemberLedger({ userId }: { userId: string }) {
  const ledger = useQuery({ queryKey: ledgerKey(userId), queryFn: () => fetchLedger(userId) });
  return (
    <section aria-labelledby="admin-ledger-heading" className="space-y-2">
      <h3 id="admin-ledger-heading" className="text-sm font-semibold">Ledger (latest 20)</h3>
      {ledger.error && <p role="alert">{errorMessage(ledger.error, 'Could not load the ledger.')}</p>}
      <ul className="space-y-1 text-sm" data-testid="admin-ledger">
        {ledger.data?.map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-3 rounded-md border border-white/10 px-3 py-2">
            <span className={entry.delta < 0 ? 'text-red-300' : 'text-emerald-300'}>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</span>
            <span className="text-muted">→ {entry.balanceAfter}</span>
            <Badge variant="muted">{entry.kind}</Badge>
            <span className="min-w-0 flex-1 break-words">{entry.reason}</span>
            <span className="text-xs text-muted">{dateTime(entry.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AdminFailedGenerations() {
  const failures = useQuery({ queryKey: ['/api/admin/generations/failed'], queryFn: fetchFailedGenerations });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Failed generations</CardTitle>
        <CardDescription>The latest 20 failures, newest first, with why they failed and whether the credits went back.</CardDescription>
      </CardHeader>
      <CardContent>
        {failures.error && <p role="alert">{errorMessage(failures.error, 'Could not load the failed generations.')}</p>}
        {failures.data?.length === 0 && <p className="text-muted">No generation has failed.</p>}
        <ul className="space-y-2 text-sm" data-testid="admin-failed-generations">
          {failures.data?.map((failure) => (
            <li key={failure.id} className="space-y-1 rounded-lg border border-white/10 p-3" data-testid={`admin-failed-${failure.id}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{failure.trendSlug}</span>
                {failure.refundedAt ? <Badge variant="success">Refunded</Badge> : <Badge variant="warning">Not refunded</Badge>}
                <span className="text-xs text-muted">{dateTime(failure.createdAt)}</span>
              </div>
              <p className="break-words">{failure.failureReason ?? 'No reason recorded'}</p>
              <p className="truncate text-xs text-muted">Generation {failure.id} · member {failure.userId}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberPlanForm({ member, onSaved }: { member: User; onSaved: (user: User) => void }) {
  const form = useForm<z.input<typeof planSchema>, unknown, PlanForm>({
    resolver: zodResolver(planSchema),
    defaultValues: { role: member.role, credits: member.credits, reason: '' },
  });
  const save = useMutation({
    // The balance is sent only when the admin changed it: otherwise a new plan brings its own credits.
    mutationFn: ({ credits, ...values }: PlanForm) => setMemberPlan(member.id, credits === member.credits ? values : { ...values, credits }),
    onSuccess: (user) => { toast({ title: 'Plan updated', description: `${user.email}: ${user.role}, ${user.credits} credits` }); onSaved(user); },
    onError: failed('Could not change the plan'),
  });
  const { errors } = form.formState;
  return (
    <form className="space-y-3 rounded-lg border border-white/10 p-3" data-testid="admin-member" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <p className="text-sm"><span className="font-medium">{member.email}</span> · {member.role} · {member.credits} credits</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <Label htmlFor="admin-plan-role">Plan</Label>
          <select id="admin-plan-role" aria-describedby="admin-plan-hint" className="mt-1 w-full rounded-md border border-white/10 bg-transparent p-2" {...form.register('role')}>
            {PlanRoles.map((role) => <option key={role} value={role} className="bg-neutral-900">{role}</option>)}
          </select>
        </div>
        <div>
          <Label htmlFor="admin-plan-credits">Credits</Label>
          <Input id="admin-plan-credits" inputMode="numeric" className="mt-1" {...form.register('credits')} />
          {errors.credits && <p role="alert" className="text-xs text-red-400">{errors.credits.message}</p>}
        </div>
        <div>
          <Label htmlFor="admin-plan-reason">Reason</Label>
          <Input id="admin-plan-reason" className="mt-1" {...form.register('reason')} />
          {errors.reason && <p role="alert" className="text-xs text-red-400">{errors.reason.message}</p>}
        </div>
      </div>
      <p id="admin-plan-hint" className="text-xs text-muted">
        A new Basic or Pro plan brings its monthly credits (25 or 100) once a month; a balance typed here replaces them.
      </p>
      <Button type="submit" disabled={save.isPending}>Save plan</Button>
    </form>
  );
}
