import { useState } from 'react';
import { ImageOff, RefreshCw } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';

export interface DetailImageProps {
  src: string;
  alt: string;
  /** Asks for the creation again: its image URL may have expired. */
  onRetry: () => void;
}

/** The full image with the image panel's states: loading, loaded, error (spec part 2 section 4). */
export function DetailImage({ src, alt, onRetry }: DetailImageProps) {
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<{ key: string; value: 'loading' | 'loaded' | 'error' }>({ key: '', value: 'loading' });
  const key = `${src}#${attempt}`;
  const state = status.key === key ? status.value : 'loading';

  if (state === 'error') {
    return (
      <div role="alert" data-testid="detail-image-error" className="flex aspect-square flex-col items-center justify-center gap-4 rounded-xl bg-surface-3 p-6 text-center">
        <ImageOff className="size-8 text-muted" aria-hidden />
        <p className="max-w-xs text-sm text-muted">The image couldn't be loaded. It may have expired or been removed.</p>
        <Button
          variant="secondary"
          onClick={() => {
            setAttempt((n) => n + 1);
            onRetry();
          }}
        >
          <RefreshCw aria-hidden />
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-xl bg-surface-3">
      {state === 'loading' ? <div aria-hidden className="absolute inset-0 animate-shimmer bg-[linear-gradient(110deg,#1e1a2a_20%,#2a2340_45%,#1e1a2a_70%)] bg-[length:200%_100%]" /> : null}
      <img
        key={key}
        src={src}
        alt={alt}
        data-testid="detail-image"
        onLoad={() => setStatus({ key, value: 'loaded' })}
        onError={() => setStatus({ key, value: 'error' })}
        className={cn('relative mx-auto max-h-[75vh] w-full object-contain transition-opacity duration-500', state === 'loaded' ? 'opacity-100' : 'opacity-0')}
      />
    </div>
  );
}
