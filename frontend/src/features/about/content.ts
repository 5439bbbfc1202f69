import { Brain, Layers, Share2, Wand2, type LucideIcon } from 'lucide-react';

/** The four features the about page explains (spec part 1 section 2). */
export const ENGINE_FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Brain,
    title: 'Smart prompt engineering',
    text: 'Your words are expanded into rich, style-aware prompts so every trend looks the way it should.',
  },
  {
    icon: Layers,
    title: 'Multi-model processing',
    text: 'Our built-in studio engine works offline; premium models join in when they are available.',
  },
  {
    icon: Wand2,
    title: 'Style enhancement',
    text: 'Lighting, colour and composition are tuned per trend for a result that is instantly recognisable.',
  },
  {
    icon: Share2,
    title: 'Social templates',
    text: 'Captions and formats ready for short-video and photo-sharing feeds, right out of the forge.',
  },
];
