import { Compass, Hammer, Lightbulb, Printer, Repeat, Trophy, User as UserIcon, type LucideIcon } from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  membersOnly?: boolean;
  adminOnly?: boolean;
}

export const MAIN_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/dashboard', label: 'Dashboard', membersOnly: true },
  { to: '/about-trendforge', label: 'About' },
  { to: '/admin', label: 'Admin', adminOnly: true },
];

export interface ToolTab {
  to: string;
  label: string;
  hint: string;
  icon: LucideIcon;
}

export const TOOL_TABS: ToolTab[] = [
  { to: '/loop', label: 'Loop', hint: 'Remix trending styles', icon: Repeat },
  { to: '/muse', label: 'Muse', hint: 'AI inspiration', icon: Lightbulb },
  { to: '/print', label: 'Print', hint: 'Physical merchandise', icon: Printer },
  { to: '/board', label: 'Board', hint: 'Trend leaderboard and voting', icon: Trophy },
  { to: '/forge', label: 'Forge', hint: 'Create viral content', icon: Hammer },
];

/** A tool tab (or bottom-bar item) is active when its path is a prefix of the current location. */
export function isToolActive(tabPath: string, pathname: string): boolean {
  return pathname === tabPath || pathname.startsWith(`${tabPath}/`);
}

export interface BottomBarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Extra path prefixes that also light this item up. */
  alsoActiveOn: string[];
}

export const BOTTOM_BAR: BottomBarItem[] = [
  { to: '/', label: 'Explore', icon: Compass, alsoActiveOn: [] },
  { to: '/forge', label: 'Forge', icon: Hammer, alsoActiveOn: ['/generate'] },
  { to: '/board', label: 'Board', icon: Trophy, alsoActiveOn: [] },
  { to: '/profile', label: 'Profile', icon: UserIcon, alsoActiveOn: ['/dashboard', '/settings', '/auth'] },
];

export function isBottomItemActive(item: BottomBarItem, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return [item.to, ...item.alsoActiveOn].some((p) => isToolActive(p, pathname));
}

export const FOOTER_COLUMNS: { title: string; links: NavLinkItem[] }[] = [
  {
    title: 'Tools',
    links: [
      { to: '/forge', label: 'Forge' },
      { to: '/loop', label: 'Loop' },
      { to: '/muse', label: 'Muse' },
      { to: '/print', label: 'Print' },
      { to: '/board', label: 'Board' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-trendforge', label: 'About' },
      { to: '/blog', label: 'Blog' },
      { to: '/careers', label: 'Careers' },
      { to: '/contact', label: 'Contact' },
      { to: '/waitlist', label: 'Waitlist' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
      { to: '/cookies', label: 'Cookies' },
      { to: '/licenses', label: 'Licenses' },
    ],
  },
];
