import { Link } from 'react-router-dom';
import { Images, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { useAuth } from '@/features/auth/auth-context';
import { MemberSummary } from '@/features/auth/MemberSummary';
import { useSignOut } from '@/features/auth/use-sign-out';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export default function ProfilePage() {
  const { user } = useAuth();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Card className="p-6">
        <MemberSummary user={user} large />
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
