import { Link } from 'react-router-dom';
import { Images, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { ROLE_LABELS } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { useSignOut } from '@/features/auth/use-sign-out';
import { UsageMeter } from '@/features/usage/UsageMeter';
import { Avatar } from '@/ui/avatar';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export default function ProfilePage() {
  const { user } = useAuth();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card className="p-6">
        <div className="flex items-center gap-4">
          <Avatar src={user.avatar} name={user.username} className="size-16 text-lg" />
          <div className="min-w-0">
            <h1 className="truncate text-xl font-bold">{user.username}</h1>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <Badge className="ml-auto">{ROLE_LABELS[user.role]}</Badge>
        </div>
        <UsageMeter user={user} variant="inline" className="mt-6" />
      </Card>
      <div className="mt-4 grid gap-2">
        <Button asChild variant="secondary" className="justify-start">
          <Link to="/dashboard">
            <LayoutDashboard aria-hidden />
            Dashboard
          </Link>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <Link to="/forge/history">
            <Images aria-hidden />
            Your Creations
          </Link>
        </Button>
        <Button asChild variant="secondary" className="justify-start">
          <Link to="/settings">
            <Settings aria-hidden />
            Settings
          </Link>
        </Button>
        <Button variant="ghost" className="justify-start" onClick={() => signOut()} disabled={isPending}>
          <LogOut aria-hidden />
          Sign Out
        </Button>
      </div>
    </div>
  );
}
