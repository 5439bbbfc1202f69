import { useAuth } from '@/features/auth/auth-context';
import { WelcomeDashboard } from '@/features/dashboard/WelcomeDashboard';

/** /profile (from the bottom bar): the member's home, the second dashboard variant. */
export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return <WelcomeDashboard user={user} />;
}
