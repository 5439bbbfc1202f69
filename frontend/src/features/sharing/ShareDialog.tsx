import type { Image } from '@/lib/types';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { PublicLink } from './PublicLink';
import { SharePanel } from './SharePanel';

export interface ShareDialogProps {
  image: Image;
  trendName: string;
  onOpenChange: (open: boolean) => void;
}

/** The gallery's share dialog: the share panel, opened, and the public link. Open while mounted. */
export function ShareDialog({ image, trendName, onOpenChange }: ShareDialogProps) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>Share</DialogTitle>
          <DialogDescription>Pick a caption and post your {trendName} creation.</DialogDescription>
        </DialogHeader>
        <img src={image.thumbnail || image.generatedImage} alt={image.prompt} className="mx-auto aspect-square w-40 rounded-xl object-cover" />
        <SharePanel image={image} trendName={trendName} defaultExpanded />
        <PublicLink imageId={image.id} />
      </DialogContent>
    </Dialog>
  );
}
