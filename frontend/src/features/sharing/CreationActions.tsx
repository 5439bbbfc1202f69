import { Check, Download, Loader2, Save, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { Image } from '@/lib/types';
import { Button } from '@/ui/button';
import { useDownloadCreation, useShareCreation } from './use-creation-actions';
import { useSaveCreation } from './use-save-creation';

export interface CreationActionsProps {
  image: Image;
  trendName: string;
  /** Save makes sense right after a generation; in the gallery the creation is saved already. */
  showSave?: boolean;
  className?: string;
}

/** Save, Download and Share for one creation, with the spec's toasts. */
export function CreationActions({ image, trendName, showSave = true, className }: CreationActionsProps) {
  const save = useSaveCreation();
  const download = useDownloadCreation(image, trendName);
  const share = useShareCreation(image, trendName);

  return (
    // Wraps rather than overflows on a narrow phone.
    <div className={cn('flex flex-wrap gap-2 [&>button]:min-w-28 [&>button]:flex-1', className)}>
      {showSave ? (
        <Button
          variant="secondary"
          data-testid="creation-save"
          disabled={save.isPending}
          onClick={() => save.mutate(image)}
        >
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : save.isSuccess ? <Check aria-hidden /> : <Save aria-hidden />}
          {save.isSuccess ? 'Saved' : 'Save'}
        </Button>
      ) : null}
      <Button variant="secondary" data-testid="creation-download" disabled={download.pending} onClick={() => void download.run()}>
        {download.pending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
        Download
      </Button>
      <Button variant="secondary" data-testid="creation-share" disabled={share.pending} onClick={() => void share.run()}>
        {share.pending ? <Loader2 className="animate-spin" aria-hidden /> : <Share2 aria-hidden />}
        Share
      </Button>
    </div>
  );
}
