// The API's shapes are declared once, in contracts, for the gateway and for this app.
import type { Role } from '@trendforge/contracts';

export type { ImageEngine as Engine, ImageView as Image, Role, Trend, User } from '@trendforge/contracts';
export type { VotingTrend } from '@trendforge/contracts';

export const ROLE_LABELS: Record<Role, string> = {
  free: 'Free',
  basic: 'Basic',
  pro: 'Pro',
  pro_unlimited: 'Pro Unlimited',
  admin: 'Admin',
};

export function engineLabel(engine: string | null | undefined): string | null {
  if (!engine) return null;
  if (engine === 'studio') return 'Studio engine';
  if (engine === 'openai') return 'OpenAI engine';
  return `${engine.charAt(0).toUpperCase()}${engine.slice(1)} engine`;
}
