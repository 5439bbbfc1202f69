import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { AlertCircle, Camera, ImagePlus, Loader2, Lock, PenLine, RotateCcw, Trash2, UserRound, Users, X } from 'lucide-react';
import {
  PhotoMessages,
  PhotoRetentionDays,
  TraitOptions,
  TraitTypeLabels,
  type TraitOption,
  type TraitType,
} from '@trendforge/contracts';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button, buttonClasses } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { PHOTO_ACCEPT, photoDisplay, photoStatusText, type PersonalizationMode } from './personalization-state';
import { TraitChip, TraitOptionChip } from './TraitChip';
import type { PersonalizationController } from './use-personalization';

export interface PersonalizationPanelProps {
  controller: PersonalizationController;
  /** The section heading. */
  title?: string;
  className?: string;
}

type Method = Exclude<PersonalizationMode, 'none'>;

const METHODS: { mode: Method; label: string; hint: string; testId: string; Icon: typeof Camera }[] = [
  { mode: 'upload', label: 'Upload Photo', hint: 'We read your look from a clear selfie', testId: 'personalize-upload-tab', Icon: Camera },
  { mode: 'describe', label: 'Describe Me', hint: 'Pick traits or use your own words', testId: 'personalize-describe-tab', Icon: PenLine },
];

const TRAIT_GROUPS = Object.entries(
  TraitOptions.reduce<Partial<Record<TraitType, TraitOption[]>>>((groups, option) => {
    (groups[option.type] ??= []).push(option);
    return groups;
  }, {}),
) as [TraitType, TraitOption[]][];

/**
 * The personalization chooser (spec part 2 section 2.2): upload a photo (its traits are read) or
 * describe yourself. Closing resets it to none and clears the traits. The state lives in the
 * screen's usePersonalization(); read the result from controller.value.
 */
export function PersonalizationPanel({ controller, title = 'Personalize', className }: PersonalizationPanelProps) {
  const id = useId();
  const { state, value, choose, reset } = controller;
  const { mode } = state;
  const live = mode === 'upload' ? photoStatusText(state.photo) : '';

  return (
    <section aria-labelledby={`${id}-title`} className={className} data-testid="personalize" data-mode={mode}>
      <div className="mb-4 flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-base font-semibold">
            <UserRound aria-hidden className="size-4 text-violet-300" />
            {title}
            <Badge variant="muted">Optional</Badge>
          </h2>
          <p className="mt-1 text-sm text-muted">Put yourself in the picture: upload a photo or describe your look.</p>
        </div>
        {mode !== 'none' ? (
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 -mt-1 size-9"
            onClick={reset}
            aria-label="Close personalization"
            title="Close and clear personalization"
            data-testid="personalize-close"
          >
            <X aria-hidden />
          </Button>
        ) : null}
      </div>

      {mode === 'none' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          {METHODS.map(({ mode: m, label, hint, testId, Icon }) => (
            <button
              key={m}
              type="button"
              data-testid={testId}
              onClick={() => choose(m)}
              className="group flex items-center gap-3 rounded-xl border border-border bg-surface-2 p-4 text-left transition-colors hover:border-violet-400/50 hover:bg-violet-500/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-violet-500/15 text-violet-200 transition-colors group-hover:bg-violet-500/25">
                <Icon aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold">{label}</span>
                <span className="block text-xs text-muted">{hint}</span>
              </span>
            </button>
          ))}
        </div>
      ) : (
        <>
          <MethodTabs id={id} mode={mode} onChoose={choose} />
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${mode}`} className="mt-5">
            {mode === 'upload' ? <PhotoUpload controller={controller} /> : <DescribeMe controller={controller} />}
          </div>
          <p className="mt-5 border-t border-border pt-4 text-xs text-subtle" data-testid="personalization-summary">
            {value.personalization ? (
              <>
                In your prompt: <span className="text-muted">{value.personalization}</span>
              </>
            ) : mode === 'upload' && value.photoId ? (
              'Your photo will guide the image.'
            ) : (
              'No traits in your prompt yet.'
            )}
          </p>
        </>
      )}
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="personalize-status">
        {live}
      </p>
    </section>
  );
}

function MethodTabs({ id, mode, onChoose }: { id: string; mode: Method; onChoose: (mode: Method) => void }) {
  const refs = useRef<Record<Method, HTMLButtonElement | null>>({ upload: null, describe: null });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Method =
      event.key === 'Home' ? 'upload' : event.key === 'End' ? 'describe' : mode === 'upload' ? 'describe' : 'upload';
    onChoose(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Personalization method"
      onKeyDown={onKeyDown}
      className="grid h-11 grid-cols-2 items-center gap-1 rounded-xl border border-border bg-surface-2 p-1"
    >
      {METHODS.map(({ mode: m, label, testId, Icon }) => (
        <button
          key={m}
          ref={(node) => {
            refs.current[m] = node;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${m}`}
          aria-selected={mode === m}
          aria-controls={`${id}-panel`}
          tabIndex={mode === m ? 0 : -1}
          data-testid={testId}
          data-state={mode === m ? 'active' : 'inactive'}
          onClick={() => onChoose(m)}
          className={cn(
            'inline-flex h-full items-center justify-center gap-2 whitespace-nowrap rounded-lg px-2 text-sm font-medium text-muted transition-colors sm:px-3',
            'hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary',
            mode === m && 'bg-white/10 text-foreground shadow-sm',
          )}
        >
          <Icon aria-hidden className="hidden size-4 min-[400px]:block" />
          {label}
        </button>
      ))}
    </div>
  );
}

function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!Array.from(event.dataTransfer.types).includes('Files')) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files?.[0];
        if (file) onFile(file);
      },
    },
  };
}

function PhotoUpload({ controller }: { controller: PersonalizationController }) {
  const inputId = useId();
  const { state, dispatch, selectFile, clearPhoto, choose } = controller;
  const { photo } = state;
  const display = photoDisplay(photo);
  const { dragging, handlers } = useFileDrop(selectFile);

  // One file input, placed right before the control that opens it (its focus ring follows the input).
  const input = (
    <input
      id={inputId}
      type="file"
      accept={PHOTO_ACCEPT}
      className="peer sr-only"
      data-testid="photo-input"
      aria-label={display === 'empty' ? 'Upload a photo of yourself' : 'Replace photo'}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) selectFile(file);
      }}
    />
  );

  if (display === 'empty') {
    return (
      <div>
        {input}
        <label
          htmlFor={inputId}
          {...handlers}
          data-testid="photo-dropzone"
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
            'peer-focus-visible:border-primary peer-focus-visible:ring-4 peer-focus-visible:ring-primary/20',
            dragging
              ? 'border-violet-400 bg-violet-500/15'
              : 'border-border-strong bg-surface-2/60 hover:border-violet-400/50 hover:bg-violet-500/5',
          )}
        >
          <span className="grid size-12 place-items-center rounded-full bg-violet-500/15 text-violet-200">
            <ImagePlus aria-hidden className="size-6" />
          </span>
          <span className="text-sm font-medium">
            {dragging ? 'Drop to upload' : (
              <>
                Drop a photo here or <span className="text-violet-300 underline-offset-4 hover:underline">browse</span>
              </>
            )}
          </span>
          <span className="text-xs text-subtle">JPG, PNG or WEBP · up to 5 MB · one face, well lit</span>
        </label>
        <PrivacyNote />
      </div>
    );
  }

  const busy = display === 'uploading' || display === 'analyzing';
  const previewSrc = photo.previewUrl ?? photo.url;
  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-[144px_minmax(0,1fr)]" {...handlers}>
        <div
          className={cn(
            'relative mx-auto aspect-square w-36 overflow-hidden rounded-xl border bg-surface-3 sm:w-full',
            dragging ? 'border-violet-400' : 'border-border-strong',
          )}
        >
          {previewSrc ? (
            <img
              src={previewSrc}
              alt={photo.fileName ? `Your photo (${photo.fileName})` : 'Your photo'}
              data-testid="photo-preview"
              className="size-full object-cover animate-fade-in"
            />
          ) : (
            <div data-testid="photo-preview" className="grid size-full place-items-center text-subtle">
              <Camera aria-hidden className="size-8" />
            </div>
          )}
          {busy ? (
            <div aria-hidden className="absolute inset-0 bg-[linear-gradient(110deg,transparent_25%,rgb(139_92_246_/_0.35)_50%,transparent_75%)] bg-[length:200%_100%] motion-safe:animate-shimmer" />
          ) : null}
        </div>

        <div className="min-w-0">
          {busy ? (
            <div data-testid="traits-analyzing" data-phase={photo.phase} className="flex items-start gap-3">
              <Loader2 aria-hidden className="mt-0.5 size-5 shrink-0 animate-spin text-violet-400" />
              <div>
                <p className="text-sm font-semibold">Analyzing your photo...</p>
                <p className="mt-0.5 text-xs text-muted">
                  {display === 'uploading' ? 'Uploading securely...' : 'Reading hair, eyes, style and more. Usually a few seconds.'}
                </p>
              </div>
            </div>
          ) : null}

          {display === 'traits' ? (
            <div>
              <p className="mb-2 text-xs font-semibold uppercase tracking-widest text-subtle">Detected traits</p>
              {photo.traits.length ? (
                <div className="flex flex-wrap gap-2" data-testid="photo-traits">
                  {photo.traits.map((trait) => (
                    <TraitChip
                      key={trait.label}
                      label={trait.label}
                      active={trait.active}
                      onToggle={() => dispatch({ type: 'togglePhotoTrait', label: trait.label })}
                      onRemove={() => dispatch({ type: 'excludePhotoTrait', label: trait.label })}
                    />
                  ))}
                </div>
              ) : (
                <p className="text-sm text-muted">All detected traits are excluded.</p>
              )}
              <p className="mt-2 text-xs text-subtle">Tap a trait to leave it out of the prompt; × excludes it.</p>
              {photo.excluded.length ? (
                <Button variant="link" size="sm" className="mt-1 text-xs" onClick={() => dispatch({ type: 'restoreExcluded' })}>
                  <RotateCcw aria-hidden />
                  Restore {photo.excluded.length} excluded
                </Button>
              ) : null}
            </div>
          ) : null}

          {display === 'failed' || display === 'none-detected' ? (
            <div data-testid="traits-failed" className="rounded-xl border border-amber-400/25 bg-amber-500/10 p-3">
              <p className="flex items-center gap-2 text-sm font-semibold text-amber-200">
                <AlertCircle aria-hidden className="size-4" />
                {display === 'none-detected' ? PhotoMessages.noTraits : PhotoMessages.analysisFailed}
              </p>
              {display === 'failed' && photo.failureReason ? (
                <p className="mt-1 text-xs text-muted">{photo.failureReason}</p>
              ) : null}
              <p className="mt-1 text-xs text-muted">{PhotoMessages.noTraitsHint}</p>
              {photo.phase === 'analyzing' ? (
                <p className="mt-2 flex items-center gap-1.5 text-xs text-subtle">
                  <Loader2 aria-hidden className="size-3 animate-spin" />
                  Still listening: traits will appear here if they arrive.
                </p>
              ) : null}
              <Button variant="secondary" size="sm" className="mt-3" onClick={() => choose('describe')}>
                <PenLine aria-hidden />
                Describe me instead
              </Button>
            </div>
          ) : null}

          {photo.note && !busy ? (
            <p className="mt-3 flex items-center gap-1.5 text-xs text-violet-200" data-testid="photo-note">
              <Users aria-hidden className="size-3.5 shrink-0" />
              {photo.note}
            </p>
          ) : null}

          <div className="mt-4 flex flex-wrap items-center gap-2">
            {input}
            <label
              htmlFor={inputId}
              className={buttonClasses(
                'outline',
                'sm',
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
              )}
            >
              <ImagePlus aria-hidden />
              Replace photo
            </label>
            <Button variant="ghost" size="sm" onClick={clearPhoto} data-testid="photo-remove">
              <Trash2 aria-hidden />
              Remove
            </Button>
          </div>
        </div>
      </div>
      <PrivacyNote />
    </div>
  );
}

function PrivacyNote() {
  return (
    <p className="mt-3 flex items-center gap-1.5 text-xs text-subtle">
      <Lock aria-hidden className="size-3 shrink-0" />
      Private to you. Photos not used in a creation are deleted after {PhotoRetentionDays} days.
    </p>
  );
}

function DescribeMe({ controller }: { controller: PersonalizationController }) {
  const id = useId();
  const { state, dispatch } = controller;
  const { traits, draft } = state.describe;
  const chosen = (label: string) => traits.some((t) => t.label.toLowerCase() === label.toLowerCase());
  const draftRef = useRef<HTMLInputElement>(null);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    if (!announce) return;
    const timer = setTimeout(() => setAnnounce(''), 3000);
    return () => clearTimeout(timer);
  }, [announce]);

  const commit = () => {
    if (!draft.trim()) return;
    dispatch({ type: 'commitDraft' });
    setAnnounce(`Added ${draft.trim()}`);
    draftRef.current?.focus();
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {TRAIT_GROUPS.map(([type, options]) => (
          <fieldset key={type}>
            <legend className="mb-2 text-[11px] font-semibold uppercase tracking-widest text-subtle">{TraitTypeLabels[type]}</legend>
            <div className="flex flex-wrap gap-1.5">
              {options.map((option) => (
                <TraitOptionChip
                  key={option.id}
                  optionId={option.id}
                  label={option.label}
                  selected={chosen(option.label)}
                  onClick={() => dispatch({ type: 'toggleOption', label: option.label })}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      <div>
        <Label htmlFor={`${id}-own`} className="mb-2 block text-sm font-semibold">
          In your own words
        </Label>
        <div className="flex gap-2">
          <Input
            ref={draftRef}
            id={`${id}-own`}
            data-testid="trait-own-words"
            value={draft}
            maxLength={300}
            placeholder="e.g. freckles, red beard, warm smile"
            aria-describedby={`${id}-own-hint`}
            onChange={(event) => dispatch({ type: 'setDraft', text: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit();
              }
            }}
          />
          <Button variant="secondary" className="h-11" onClick={commit} disabled={!draft.trim()} data-testid="trait-own-words-add">
            Add
          </Button>
        </div>
        <p id={`${id}-own-hint`} className="mt-1.5 text-xs text-subtle">
          Separate traits with commas; Enter adds them.
        </p>
      </div>

      {traits.length ? (
        <div>
          <p className="mb-2 text-xs font-semibold uppercase tracking-widest text-subtle">Your traits</p>
          <div className="flex flex-wrap gap-2" data-testid="describe-traits">
            {traits.map((trait) => (
              <TraitChip
                key={trait.label}
                label={trait.label}
                active={trait.active}
                removeVerb="Remove"
                onToggle={() => dispatch({ type: 'toggleDescribeTrait', label: trait.label })}
                onRemove={() => dispatch({ type: 'removeDescribeTrait', label: trait.label })}
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-subtle">Tap a trait to leave it out of the prompt without losing it.</p>
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
