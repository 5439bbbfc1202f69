import {
  Camera, Clapperboard, Gem, Gift, Palette, Share2, Sparkles, Timer, Upload, WandSparkles, type LucideIcon,
} from 'lucide-react';
import { ExampleSize, exampleSrc, PreviewSize, previewSrc } from './renders';

/** The features, how-it-works steps and testimonials below the landing page's fold (spec part 1 sections 3-5). */
export const FEATURES: { icon: LucideIcon; title: string; text: string; tint: string }[] = [
  {
    icon: Sparkles,
    title: 'Hundreds of Trend Templates',
    text: 'Hundreds of trend templates updated daily, from 3D animation and anime to doll worlds and toy boxes.',
    tint: 'from-violet-500/25 to-violet-500/5 text-violet-200',
  },
  {
    icon: Timer,
    title: 'Results in Under 30 Seconds',
    text: 'Pick a look, tap once, and your share-ready image is done in under 30 seconds.',
    tint: 'from-fuchsia-500/25 to-fuchsia-500/5 text-fuchsia-200',
  },
  {
    icon: Camera,
    title: 'Starring You',
    text: 'Add a selfie or describe yourself and every trend is personalised to look like you.',
    tint: 'from-sky-500/25 to-sky-500/5 text-sky-200',
  },
  {
    icon: Gem,
    title: '4K Quality',
    text: 'Crisp 4K results with the lighting, colour and detail each trend is known for.',
    tint: 'from-amber-500/25 to-amber-500/5 text-amber-200',
  },
  {
    icon: Clapperboard,
    title: 'Made for Every Feed',
    text: 'Export formats sized for short-video and photo-sharing platforms, captions included.',
    tint: 'from-emerald-500/25 to-emerald-500/5 text-emerald-200',
  },
  {
    icon: Gift,
    title: 'Free to Download',
    text: 'Free download with premium features whenever you want to go further.',
    tint: 'from-rose-500/25 to-rose-500/5 text-rose-200',
  },
];

/** A studio-engine render a how-it-works slide shows (renders.ts). */
export interface StepImage {
  src: string;
  size: number;
}

/** The four how-it-works steps (spec part 1 section 2), each with real renders (one, or four as a grid). */
export const STEPS: { icon: LucideIcon; title: string; text: string; from: string; to: string; images: StepImage[] }[] = [
  {
    icon: Palette,
    title: 'Choose a Style',
    text: 'Browse the trends everyone is sharing this week and tap the look you love.',
    from: '#7c3aed',
    to: '#db2777',
    images: ['barbie', 'vaporwave', 'clay', 'simpsons'].map((slug) => ({ src: previewSrc(slug), size: PreviewSize })),
  },
  {
    icon: Upload,
    title: 'Upload a Selfie',
    text: 'Add a photo of yourself, or just describe what you want to see.',
    from: '#2563eb',
    to: '#7c3aed',
    images: [{ src: previewSrc('oil-painting'), size: PreviewSize }],
  },
  {
    icon: WandSparkles,
    title: 'AI Magic',
    text: 'Our AI engine renders your image in the trend’s signature style in seconds.',
    from: '#c026d3',
    to: '#f97316',
    images: [{ src: exampleSrc('cyberpunk'), size: ExampleSize }],
  },
  {
    icon: Share2,
    title: 'Share',
    text: 'Download in 4K or post straight to your favourite feed and watch it take off.',
    from: '#059669',
    to: '#2563eb',
    images: [{ src: exampleSrc('magazine-cover'), size: ExampleSize }],
  },
];

export interface Testimonial {
  name: string;
  role: string;
  /** Initials shown in the avatar circle. */
  avatar: string;
  rating: number;
  text: string;
}

/** Five static testimonials (spec part 1 sections 2 and 3). */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Maya Thompson',
    role: 'Content Creator',
    avatar: 'MT',
    rating: 5,
    text: 'My 3D-animation portrait got more views overnight than anything I posted all month. TrendForge is my secret weapon.',
  },
  {
    name: 'Jordan Lee',
    role: 'Social Media Manager',
    avatar: 'JL',
    rating: 5,
    text: 'I make on-trend visuals for five brands in the time it used to take for one. The export formats save me hours.',
  },
  {
    name: 'Priya Sharma',
    role: 'Influencer',
    avatar: 'PS',
    rating: 5,
    text: 'The toy-box trend with my own selfie was a hit with my followers. Results really do come back in seconds.',
  },
  {
    name: 'Lucas Moreau',
    role: 'Digital Artist',
    avatar: 'LM',
    rating: 5,
    text: 'I use it to sketch ideas in styles I would never have time to paint. The quality is honestly stunning.',
  },
  {
    name: 'Sofia Alvarez',
    role: 'Small Business Owner',
    avatar: 'SA',
    rating: 5,
    text: 'Our shop’s posts finally look like the trends people share. Free to start, and worth every premium credit.',
  },
];

/** Testimonial rotation (spec part 1 section 9). */
export const TESTIMONIAL_INTERVAL_MS = 4000;
