import { DownloadCta } from './DownloadCta';
import { FeatureGrid } from './FeatureGrid';
import { HowItWorks } from './HowItWorks';
import { Testimonials } from './Testimonials';

/** The landing page's sections below the fold (spec part 1 sections 3-6), a chunk of their own. */
export default function BelowTheFold() {
  return (
    <>
      <FeatureGrid />
      <HowItWorks />
      <Testimonials />
      <DownloadCta />
    </>
  );
}
