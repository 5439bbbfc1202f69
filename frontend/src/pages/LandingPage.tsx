import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/features/auth/auth-context';
import { useAuthDialog } from '@/features/auth/auth-dialog-context';
import { Hero } from '@/features/landing/Hero';
import { StatsStrip } from '@/features/landing/StatsStrip';
import { lazyNearViewport } from '@/lib/near-viewport';

// Features, how it works, testimonials and the download call: their code loads when scrolled to.
const BelowTheFold = lazyNearViewport(() => import('@/features/landing/BelowTheFold'), 'landing');

/** The public landing page (spec part 1 section 2): its sections in order; the footer comes from the shell. */
export default function LandingPage() {
  const { user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();

  const startCreating = () => {
    if (user) navigate('/forge');
    else openAuthDialog({ tab: 'register', redirectTo: '/forge', reason: 'Create a free account to start forging.' });
  };

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-[40rem] bg-grid [mask-image:radial-gradient(70%_60%_at_50%_0%,black,transparent)]" />
      <div aria-hidden className="pointer-events-none absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(124_58_237_/_0.35),transparent)]" />
      <Hero onStartCreating={startCreating} />
      <StatsStrip />
      {/* Off screen, the browser skips their layout and paint until they scroll near (content-visibility). */}
      <BelowTheFold className="[content-visibility:auto] [contain-intrinsic-size:auto_300vh]" placeholderClassName="min-h-[300vh]" />
    </div>
  );
}
