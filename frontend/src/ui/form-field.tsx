import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from './input';
import { FieldError, Label } from './label';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** The validation message; marks the input invalid and describes it. */
  error?: string;
}

/** A labelled input with its validation message, wired for assistive technology. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField({ id, label, error, ...input }, ref) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
