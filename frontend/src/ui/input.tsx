import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const field =
  'w-full rounded-xl border border-border-strong bg-surface-2/80 px-3.5 text-sm text-foreground placeholder:text-subtle ' +
  'transition-[border-color,box-shadow] outline-none focus-visible:border-primary focus-visible:ring-4 focus-visible:ring-primary/20 focus-visible:outline-none ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger/70 aria-invalid:focus-visible:ring-danger/20';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(field, 'h-11', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function Textarea({ className, ...props }, ref) {
    return <textarea ref={ref} className={cn(field, 'min-h-28 resize-y py-3 leading-relaxed', className)} {...props} />;
  },
);
