import type { Image } from '@/lib/types';
import { ShareDialog } from '@/features/sharing';
import { useTrendName } from './use-trend-name';

/** The share dialog for a card; the trend list is only read once a card is shared. */
export function CreationShareDialog({ image, onClose }: { image: Image | null; onClose: () => void }) {
  return image ? <OpenShareDialog image={image} onClose={onClose} /> : null;
}

function OpenShareDialog({ image, onClose }: { image: Image; onClose: () => void }) {
  const trendName = useTrendName(image.trendId);
  return <ShareDialog image={image} trendName={trendName} onOpenChange={(open) => (open ? undefined : onClose())} />;
}
