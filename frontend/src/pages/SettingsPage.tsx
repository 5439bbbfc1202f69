import { SettingsScreen } from '@/features/settings/SettingsScreen';

export default function SettingsPage() {
  return <SettingsScreen />;
}
