import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '@/lib/cn';

type Status = 'idle' | 'loading' | 'loaded' | 'error';

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string;
  alt: string;
  /** Classes for the wrapping box (size, aspect ratio, rounding). */
  wrapperClassName?: string;
}

/**
 * Spec part1 s4 image loader: loads once 10% visible, a blurred placeholder shows until loaded,
 * then the image fades in; a load error shows "Failed to load image"; resets when the source changes.
 */
export function LazyImage({ src, alt, className, wrapperClassName, ...imgProps }: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [state, setState] = useState<{ src: string; status: Status }>({ src, status: 'idle' });
  // Reset when the source changes (derived during render, no effect round-trip).
  const status: Status = state.src === src ? state.status : 'idle';
  if (state.src !== src) setState({ src, status: 'idle' });

  useEffect(() => {
    if (visible) return;
    const node = boxRef.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <div ref={boxRef} className={cn('relative overflow-hidden bg-surface-3', wrapperClassName)}>
      {status !== 'loaded' && status !== 'error' ? (
        <div
          aria-hidden
          className="absolute inset-0 scale-110 bg-[linear-gradient(110deg,#1e1a2a_20%,#2a2340_45%,#1e1a2a_70%)] bg-[length:200%_100%] blur-xl animate-shimmer"
        />
      ) : null}
      {status === 'error' ? (
        <div
          role="img"
          aria-label={alt}
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-xs text-muted"
        >
          <ImageOff className="size-6 opacity-60" aria-hidden />
          <span>Failed to load image</span>
        </div>
      ) : visible ? (
        <img
          key={src}
          src={src}
          alt={alt}
          decoding="async"
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'error' })}
          className={cn(
            'size-full object-cover transition-[opacity,filter] duration-500',
            status === 'loaded' ? 'opacity-100 blur-0' : 'opacity-0 blur-md',
            className,
          )}
          {...imgProps}
        />
      ) : null}
    </div>
  );
}
