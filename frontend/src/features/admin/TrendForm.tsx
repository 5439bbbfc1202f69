import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Trend } from '@/lib/types';
import { Button } from '@/ui/button';
import { Input, Textarea } from '@/ui/input';
import { Label } from '@/ui/label';

/** The same limits the trends service checks (services/trends validTrendInput), so most mistakes show before sending. */
const text = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const textsSchema = z.object({
  name: text('Name', 80),
  category: text('Category', 40),
  description: text('Description', 500),
  prompt: text('Prompt', 1000),
  promptTemplate: text('Prompt template', 1000).refine((value) => value.includes('{subject}'), 'The prompt template must contain {subject}'),
});
const createSchema = textsSchema.extend({
  slug: z.string().trim().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'A slug is 1-64 lowercase letters, digits or dashes'),
});
export type TrendTexts = z.output<typeof textsSchema>;
export type NewTrend = z.output<typeof createSchema>;

const fields: Array<{ key: keyof NewTrend; label: string; long?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category' },
  { key: 'description', label: 'Description', long: true },
  { key: 'prompt', label: 'Prompt', long: true },
  { key: 'promptTemplate', label: 'Prompt template', long: true },
];

/** Creates a trend (with a slug) or edits an existing one's texts. */
export function TrendForm({ trend, busy, onSubmit, onCancel }: {
  trend?: Trend; busy: boolean; onSubmit: (values: NewTrend | TrendTexts) => void; onCancel?: () => void;
}) {
  const creating = !trend;
  const form = useForm<NewTrend>({
    // One form for both: editing checks the texts only (its slug field is not rendered and is dropped on submit).
    resolver: zodResolver(creating ? createSchema : textsSchema) as never,
    defaultValues: {
      slug: '', name: trend?.name ?? '', category: trend?.category ?? '', description: trend?.description ?? '',
      prompt: trend?.prompt ?? '', promptTemplate: trend?.promptTemplate ?? '',
    },
  });
  const { errors } = form.formState;
  const prefix = `trend-${trend?.slug ?? 'new'}`;
  return (
    <form className="space-y-3 rounded-lg border border-white/10 p-3" data-testid={creating ? 'admin-trend-create' : `admin-trend-edit-${trend.slug}`}
      onSubmit={form.handleSubmit(({ slug, ...texts }) => onSubmit(creating ? { slug, ...texts } : texts))}>
      <div className="grid gap-3 sm:grid-cols-2">
        {creating && <Field id={`${prefix}-slug`} label="Slug" error={errors.slug?.message}><Input id={`${prefix}-slug`} {...form.register('slug')} /></Field>}
        {fields.map(({ key, label, long }) => (
          <div key={key} className={long ? 'sm:col-span-2' : undefined}>
            <Field id={`${prefix}-${key}`} label={label} error={errors[key]?.message}>
              {long ? <Textarea id={`${prefix}-${key}`} rows={2} {...form.register(key)} /> : <Input id={`${prefix}-${key}`} {...form.register(key)} />}
            </Field>
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>{creating ? 'Create trend' : 'Save trend'}</Button>
        {onCancel && <Button type="button" variant="outline" onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <p role="alert" className="text-xs text-red-400">{error}</p>}
    </div>
  );
}
