import { Link } from 'react-router-dom';
import { ArrowLeft, LogOut } from 'lucide-react';
import { ROLE_LABELS } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export default function SettingsPage() {
  const { user } = useAuth();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-6">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden />
          Back to Dashboard
        </Link>
      </Button>
      <h1 className="font-display text-3xl font-black tracking-tight">Settings</h1>
      <p className="mt-1 text-muted">Manage your profile, preferences and plan.</p>
      <Card className="mt-8 p-6">
        <h2 className="font-semibold">Profile Information</h2>
        <div className="mt-4 flex items-center gap-4">
          <Avatar src={user.avatar} name={user.username} className="size-14" />
          <div className="min-w-0">
            <p className="truncate font-medium">
              {[user.firstName, user.lastName].filter(Boolean).join(' ') || user.username}
            </p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
        </div>
      </Card>
      <Card className="mt-4 flex flex-wrap items-center justify-between gap-4 p-6">
        <div>
          <h2 className="font-semibold">Subscription Plan</h2>
          <p className="text-sm text-muted">Current plan: {ROLE_LABELS[user.role]}</p>
        </div>
        <Button variant="outline" size="sm" disabled>
          Upgrade Plan
        </Button>
      </Card>
      <div className="mt-8 flex justify-end">
        <Button variant="ghost" onClick={() => signOut()} disabled={isPending}>
          <LogOut aria-hidden />
          Log Out
        </Button>
      </div>
    </div>
  );
}
