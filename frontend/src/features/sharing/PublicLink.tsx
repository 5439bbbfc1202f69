import { Check, Copy, Globe, Link2, Link2Off, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { toast } from '@/ui/toast-store';
import { absoluteUrl, copyText, LINK_COPIED } from './share';
import { COPIED_RESET_MS } from './SharePanel';
import { useShareLink } from './use-share-link';

/**
 * A public page for one creation (/s/<token>, no sign-in, with a social preview): create the
 * link, copy it, or revoke it so the page answers 404 again.
 */
export function PublicLink({ imageId, className }: { imageId: string; className?: string }) {
  const { link, create, revoke } = useShareLink(imageId);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const url = link.data ? absoluteUrl(link.data.url) : null;

  const copy = async () => {
    if (!url) return;
    try {
      await copyText(url);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
      toast(LINK_COPIED);
    } catch {
      toast({ title: 'Copy failed', description: 'Please try again', variant: 'destructive' });
    }
  };

  return (
    <section className={cn('grid gap-3 rounded-2xl border border-border bg-surface-2/60 p-4', className)} data-testid="public-link">
      <div className="flex items-center gap-2 text-sm font-semibold">
        <Globe className="size-4 text-violet-300" aria-hidden />
        Public link
      </div>
      {link.isLoading ? (
        <Loader2 className="size-4 animate-spin text-muted" aria-label="Loading" />
      ) : url ? (
        <>
          <div className="flex min-w-0 gap-2">
            <input
              readOnly
              value={url}
              aria-label="Public link"
              data-testid="share-link-url"
              onFocus={(event) => event.currentTarget.select()}
              className="h-8 min-w-0 flex-1 rounded-lg border border-border-strong bg-black/25 px-2.5 text-xs text-muted outline-none focus-visible:border-primary"
            />
            <Button size="sm" variant="secondary" onClick={() => void copy()} data-testid="share-link-copy" aria-label="Copy link">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            </Button>
          </div>
          <Button
            size="sm"
            variant="ghost"
            className="w-fit text-rose-300 hover:text-rose-200"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate()}
            data-testid="share-link-revoke"
          >
            <Link2Off aria-hidden />
            Revoke link
          </Button>
        </>
      ) : (
        <>
          <p className="text-xs text-muted">Create a link anyone can open, no sign-in needed. You can revoke it at any time.</p>
          <Button size="sm" variant="secondary" className="w-fit" disabled={create.isPending} onClick={() => create.mutate()} data-testid="share-link-create">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
            Create public link
          </Button>
        </>
      )}
    </section>
  );
}
