import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { dismissToast, TOAST_DURATION, useToast } from './toast-store';

export { toast, useToast, dismissToast } from './toast-store';
export type { ToastInput, ToastVariant } from './toast-store';

export const ToastAction = forwardRef<
  ComponentRef<typeof ToastPrimitive.Action>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Action>
>(function ToastAction({ className, ...props }, ref) {
  return (
    <ToastPrimitive.Action
      ref={ref}
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-lg border border-border-strong bg-white/5 px-3 text-xs font-semibold transition-colors hover:bg-white/10',
        'group-data-[variant=destructive]:border-white/25 group-data-[variant=destructive]:hover:bg-white/15',
        className,
      )}
      {...props}
    />
  );
});

/**
 * Radix Toast: swipe right to dismiss (50 px threshold), F8 focuses the viewport,
 * 5000 ms default, variants default and destructive, one toast at a time.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant = 'default', open, duration }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          data-testid="toast"
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-2xl shadow-black/50 backdrop-blur',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-out',
            variant === 'destructive'
              ? 'border-rose-400/30 bg-rose-950/90 text-rose-50'
              : 'border-border-strong bg-surface-2/95 text-foreground',
          )}
        >
          <div className="grid gap-1">
            {title ? <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title> : null}
            {description ? (
              <ToastPrimitive.Description
                className={cn('text-sm', variant === 'destructive' ? 'text-rose-100/90' : 'text-muted')}
              >
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-60 transition-opacity hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        data-testid="toast-viewport"
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none md:bottom-0 md:right-0 md:top-auto md:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
