import { Link } from 'react-router-dom';
import { ArrowRight, Brain, Layers, Share2, Wand2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

const FEATURES = [
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

export default function AboutPage() {
  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute left-1/2 top-0 h-96 w-[50rem] -translate-x-1/2 rounded-full bg-violet-700/20 blur-3xl" />
      <div className="relative mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-24">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-widest text-violet-300">The AI engine</p>
          <h1 className="mt-3 font-display text-4xl font-black tracking-tight sm:text-5xl">
            How TrendForge <span className="text-gradient">makes it viral</span>
          </h1>
          <p className="mt-4 text-lg text-muted">
            A pipeline built for one job: turning your idea into the look everyone is sharing this week.
          </p>
        </div>
        <div className="mt-14 grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-6 transition-colors hover:border-violet-400/30">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-violet-500/15 text-violet-200">
                <Icon className="size-5" aria-hidden />
              </span>
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </Card>
          ))}
        </div>
        <div className="mt-14 text-center">
          <Button asChild size="lg">
            <Link to="/dashboard">
              Explore Trends
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
