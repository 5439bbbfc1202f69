import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, Loader2, LogOut, Save } from 'lucide-react';
import { errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { Avatar } from '@/ui/avatar';
import { BackLink } from '@/ui/back-link';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ReferralCard } from '@/features/referral/ReferralCard';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { toast } from '@/ui/toast-store';
import { PlanCard } from './PlanCard';
import { SessionsCard } from './SessionsCard';
import { avatarFileProblem, saveSettings, settingsFormOf, uploadAvatar, type SettingsForm } from './settings-api';
import { Switch } from './Switch';

type UploadState = 'idle' | 'busy' | 'done' | 'failed';

export function SettingsScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <SettingsForUser user={user} />;
}

function SettingsForUser({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const { signOut, isPending: signingOut } = useSignOut();
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(user));
  const [upload, setUpload] = useState<UploadState>('idle');
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  // The form is filled from the user whenever it loads or changes.
  useEffect(() => {
    setForm(settingsFormOf(user));
  }, [user]);

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: async (next) => {
      queryClient.setQueryData(queryKeys.me, next);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });

  const submit = async (next: SettingsForm, quiet = false) => {
    try {
      await save.mutateAsync(next);
      if (!quiet) toast({ title: 'Settings saved', description: 'Your account settings have been updated successfully.' });
      return true;
    } catch (error) {
      toast({ title: 'Failed to save settings', description: errorMessage(error, 'Please try again later'), variant: 'destructive' });
      return false;
    }
  };

  const onAvatarChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    setUpload('busy');
    try {
      const url = await uploadAvatar(file);
      const next = { ...form, avatar: url };
      setForm(next);
      // Saved at once, with the new avatar (DESIGN.md section 3).
      if (!(await submit(next, true))) {
        setUpload('failed');
        return;
      }
      setUpload('done');
      toast({ title: 'Avatar uploaded', description: 'Your profile picture has been updated' });
    } catch (error) {
      setUpload('failed');
      toast({ title: 'Upload failed', description: errorMessage(error, 'Unable to upload image. Please try a different image or try again later.'), variant: 'destructive' });
    }
  };

  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12" data-testid="settings">
      <BackLink to="/dashboard">Back to Dashboard</BackLink>
      <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Account Settings</h1>
      <p className="mt-1 text-muted">Manage your profile, preferences and plan.</p>

      <Card className="mt-8 p-6 sm:p-7">
        <h2 className="text-lg font-semibold tracking-tight">Profile Information</h2>
        <p className="text-sm text-muted">How you appear across TrendForge.</p>

        <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-center">
          <div className="relative w-fit">
            <Avatar src={form.avatar} name={user.username} className="size-20 text-xl ring-2 ring-violet-400/30" />
            {upload === 'busy' ? (
              <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/60" aria-hidden>
                <Loader2 className="size-6 animate-spin text-white" />
              </span>
            ) : null}
          </div>
          <div className="grid gap-2">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-hidden
              data-testid="avatar-input"
              onChange={onAvatarChosen}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="w-fit"
              disabled={upload === 'busy'}
              data-testid="avatar-upload"
              onClick={() => fileInput.current?.click()}
            >
              {upload === 'busy' ? <Loader2 className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
              {upload === 'busy' ? 'Uploading...' : 'Upload Avatar'}
            </Button>
            <p className="text-xs text-subtle" data-testid="avatar-status" data-state={upload}>
              {upload === 'done' ? 'Avatar updated.' : upload === 'failed' ? 'The last upload did not go through.' : 'JPEG, PNG, WebP or GIF, up to 2 MB.'}
            </p>
          </div>
        </div>

        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-first`}>First Name</Label>
            <Input id={`${id}-first`} data-testid="settings-first-name" autoComplete="given-name" maxLength={50}
              value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-last`}>Last Name</Label>
            <Input id={`${id}-last`} data-testid="settings-last-name" autoComplete="family-name" maxLength={50}
              value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
          </div>
          <div className="grid gap-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-email`}>Email Address</Label>
            <Input id={`${id}-email`} data-testid="settings-email" type="email" value={user.email} readOnly aria-readonly
              className="cursor-not-allowed opacity-70" />
          </div>
        </div>
      </Card>

      <Card className="mt-4 p-6 sm:p-7">
        <h2 className="text-lg font-semibold tracking-tight">Preferences</h2>
        <div className="mt-4 divide-y divide-border">
          <PreferenceRow id={`${id}-notify`} label="Email Notifications" hint="News about trends, votes and your account."
            checked={form.emailNotifications} onChange={(v) => set('emailNotifications', v)} testId="pref-email-notifications" />
          <PreferenceRow id={`${id}-hq`} label="High Quality Generation" hint="Render with more detail; takes a little longer."
            checked={form.highQualityGeneration} onChange={(v) => set('highQualityGeneration', v)} testId="pref-high-quality" />
        </div>
      </Card>

      <PlanCard user={user} />

      <ReferralCard />

      <SessionsCard />

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={() => signOut()} disabled={signingOut} data-testid="settings-logout">
          <LogOut aria-hidden />
          Log Out
        </Button>
        <Button onClick={() => void submit(form)} disabled={save.isPending} data-testid="settings-save">
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Save Changes
        </Button>
      </div>
    </div>
  );
}

function PreferenceRow({ id, label, hint, checked, onChange, testId }: {
  id: string; label: string; hint: string; checked: boolean; onChange: (value: boolean) => void; testId: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div>
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
        <p id={`${id}-hint`} className="text-xs text-muted">{hint}</p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} data-testid={testId} />
    </div>
  );
}
