import { DashboardScreen } from '@/features/dashboard/DashboardScreen';

export default function DashboardPage() {
  return <DashboardScreen />;
}
