export type Role = 'free' | 'basic' | 'pro' | 'pro_unlimited' | 'admin';

export interface User {
  id: string;
  username: string;
  email: string;
  avatar: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  credits: number;
  monthlyUsage: number;
  emailNotifications: boolean;
  highQualityGeneration: boolean;
  hasOnboarded: boolean;
  favoriteTrends: string[];
}

export interface Trend {
  id: string | number;
  slug: string;
  name: string;
  description: string;
  prompt: string;
  promptTemplate: string | null;
  category: string | null;
  isWeeklyTrend: boolean;
  premium: boolean;
  creditsRequired: number | null;
  verified: boolean;
  available: boolean;
  preview: string | null;
  previewImage: string | null;
  image: string | null;
  generations: number;
}

export type Engine = 'studio' | 'openai';

export interface Image {
  id: string;
  prompt: string;
  trendId: string;
  generatedImage: string;
  thumbnail: string | null;
  originalImage: string | null;
  caption: string | null;
  engine: Engine | string | null;
  isFavorite: boolean;
  createdAt: string;
}

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
