import { useAuth } from '@/features/auth/auth-context';
import { AdminScreen } from '@/features/admin/AdminScreen';
import NotFoundPage from './NotFoundPage';
import { PageSpinner } from '@/ui/spinner';

/** Admins only: everyone else gets the not-found page (the server refuses their calls as well). */
export default function AdminPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (user?.role !== 'admin') return <NotFoundPage />;
  return <AdminScreen />;
}
