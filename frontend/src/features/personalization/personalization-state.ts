import { joinTraits, PhotoLimits, PhotoMessages, splitTraits, type PhotoView } from '@trendforge/contracts';

/**
 * Personalization chooser state (spec part 2 sections 2.2, 3, 5 and 8), kept pure so every
 * screen that personalizes (Forge, creator page, wizard) shares one tested set of rules.
 */

export type PersonalizationMode = 'none' | 'upload' | 'describe';

/** idle: no photo; uploading: sent, no id yet; analyzing: traits job running; done / failed: its outcome. */
export type PhotoPhase = 'idle' | 'uploading' | 'analyzing' | 'done' | 'failed';

export interface TraitChip {
  label: string;
  /** Inactive traits stay visible (dimmed) but are left out of the prompt. */
  active: boolean;
}

export interface PhotoState {
  /** The file choice this photo came from (0: none): answers about another upload are ignored. */
  token: number;
  /** Shown at once: a local object URL of the chosen file (or the stored photo's URL). */
  previewUrl: string | null;
  fileName: string | null;
  id: string | null;
  /** The stored (sanitised) photo, owner only. */
  url: string | null;
  phase: PhotoPhase;
  /** No answer within TraitsWaitMs: the failure path shows, but updates are still applied. */
  timedOut: boolean;
  /** Extracted traits the member has not excluded, in the order the analysis gave them. */
  traits: TraitChip[];
  /** Extracted traits the member excluded (×); they can be restored. */
  excluded: string[];
  /** How many traits the analysis found (0 with a done status means none were detected). */
  detected: number;
  note: string | null;
  failureReason: string | null;
}

export interface DescribeState {
  /** Chosen trait options and the member's own words, in the order they were added. */
  traits: TraitChip[];
  /** The own-words field; its words count even before they are added as chips. */
  draft: string;
}

export interface PersonalizationState {
  mode: PersonalizationMode;
  photo: PhotoState;
  describe: DescribeState;
}

/** What a screen sends with a generation. */
export interface PersonalizationValue {
  photoId: string | null;
  /** Comma-separated active traits (joinTraits); '' when none. */
  personalization: string;
}

export const EMPTY_PERSONALIZATION: PersonalizationValue = { photoId: null, personalization: '' };

export const initialPhoto: PhotoState = {
  token: 0,
  previewUrl: null,
  fileName: null,
  id: null,
  url: null,
  phase: 'idle',
  timedOut: false,
  traits: [],
  excluded: [],
  detected: 0,
  note: null,
  failureReason: null,
};

export const initialPersonalization: PersonalizationState = {
  mode: 'none',
  photo: initialPhoto,
  describe: { traits: [], draft: '' },
};

export type PersonalizationAction =
  | { type: 'choose'; mode: Exclude<PersonalizationMode, 'none'> }
  /** Closing the chooser: back to none, every trait cleared (spec 2.2). */
  | { type: 'reset' }
  /** token: unique per file choice (1, 2, ...), given back with that upload's answer. */
  | { type: 'photoSelected'; token: number; previewUrl: string | null; fileName: string }
  | { type: 'uploadFailed'; token: number }
  /** The upload's answer (token given) or a later state from the subscription / polling. */
  | { type: 'photoUpdate'; view: PhotoView; token?: number }
  | { type: 'analysisTimedOut'; id: string }
  | { type: 'clearPhoto' }
  | { type: 'togglePhotoTrait'; label: string }
  | { type: 'excludePhotoTrait'; label: string }
  | { type: 'restoreExcluded' }
  | { type: 'toggleOption'; label: string }
  | { type: 'toggleDescribeTrait'; label: string }
  | { type: 'removeDescribeTrait'; label: string }
  | { type: 'setDraft'; text: string }
  | { type: 'commitDraft' };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const includesTrait = (list: readonly string[], label: string) => list.some((l) => same(l, label));

const isFinal = (phase: PhotoPhase) => phase === 'done';

/** Applies a photo state from the server: never moves back from done, keeps the member's choices. */
export function mergePhoto(photo: PhotoState, view: PhotoView): PhotoState {
  if (photo.id && photo.id !== view.id) return photo;
  if (isFinal(photo.phase) && photo.id === view.id) return photo;
  const base: PhotoState = {
    ...photo,
    id: view.id,
    url: view.url,
    note: view.note,
    failureReason: view.failureReason,
  };
  if (view.status === 'analyzing') {
    // A failed analysis is not reopened by a stale "analyzing" answer.
    return photo.phase === 'failed' ? { ...base, phase: 'failed' } : { ...base, phase: 'analyzing' };
  }
  if (view.status === 'failed') return { ...base, phase: 'failed', traits: [], detected: 0 };
  const found = splitTraits(joinTraits(view.traits));
  return {
    ...base,
    phase: 'done',
    detected: found.length,
    traits: found
      .filter((label) => !includesTrait(photo.excluded, label))
      .map((label) => ({ label, active: photo.traits.find((t) => same(t.label, label))?.active ?? true })),
  };
}

const toggle = (traits: TraitChip[], label: string) =>
  traits.map((t) => (same(t.label, label) ? { ...t, active: !t.active } : t));

function addTraits(traits: TraitChip[], labels: readonly string[]): TraitChip[] {
  const next = [...traits];
  for (const label of labels) {
    const existing = next.findIndex((t) => same(t.label, label));
    if (existing >= 0) next[existing] = { ...next[existing], active: true };
    else next.push({ label, active: true });
  }
  return next;
}

export function personalizationReducer(state: PersonalizationState, action: PersonalizationAction): PersonalizationState {
  switch (action.type) {
    case 'choose':
      return state.mode === action.mode ? state : { ...state, mode: action.mode };
    case 'reset':
      return initialPersonalization;
    case 'photoSelected':
      return {
        ...state,
        mode: 'upload',
        photo: { ...initialPhoto, token: action.token, previewUrl: action.previewUrl, fileName: action.fileName, phase: 'uploading' },
      };
    case 'uploadFailed':
      if (action.token !== state.photo.token) return state;
      return { ...state, photo: initialPhoto };
    case 'photoUpdate': {
      if (action.token !== undefined && action.token !== state.photo.token) return state;
      // Without a token only the photo being followed may change.
      if (action.token === undefined && state.photo.id !== action.view.id) return state;
      const photo = mergePhoto(state.photo, action.view);
      if (photo === state.photo) return state;
      return { ...state, photo: photo.previewUrl ? photo : { ...photo, previewUrl: action.view.url } };
    }
    case 'analysisTimedOut':
      if (state.photo.id !== action.id || state.photo.phase !== 'analyzing' || state.photo.timedOut) return state;
      return { ...state, photo: { ...state.photo, timedOut: true } };
    case 'clearPhoto':
      return { ...state, photo: initialPhoto };
    case 'togglePhotoTrait':
      return { ...state, photo: { ...state.photo, traits: toggle(state.photo.traits, action.label) } };
    case 'excludePhotoTrait': {
      const traits = state.photo.traits.filter((t) => !same(t.label, action.label));
      if (traits.length === state.photo.traits.length) return state;
      return { ...state, photo: { ...state.photo, traits, excluded: [...state.photo.excluded, action.label] } };
    }
    case 'restoreExcluded': {
      if (!state.photo.excluded.length) return state;
      const restored = addTraits(state.photo.traits, state.photo.excluded);
      return { ...state, photo: { ...state.photo, traits: restored, excluded: [] } };
    }
    case 'toggleOption': {
      const chosen = state.describe.traits.some((t) => same(t.label, action.label));
      const traits = chosen
        ? state.describe.traits.filter((t) => !same(t.label, action.label))
        : addTraits(state.describe.traits, [action.label]);
      return { ...state, mode: 'describe', describe: { ...state.describe, traits } };
    }
    case 'toggleDescribeTrait':
      return { ...state, describe: { ...state.describe, traits: toggle(state.describe.traits, action.label) } };
    case 'removeDescribeTrait':
      return {
        ...state,
        describe: { ...state.describe, traits: state.describe.traits.filter((t) => !same(t.label, action.label)) },
      };
    case 'setDraft':
      return { ...state, describe: { ...state.describe, draft: action.text } };
    case 'commitDraft': {
      const words = splitTraits(state.describe.draft);
      return { ...state, describe: { traits: addTraits(state.describe.traits, words), draft: '' } };
    }
  }
}

const activeLabels = (traits: readonly TraitChip[]) => traits.filter((t) => t.active).map((t) => t.label);

/** The result a screen sends: the photo and its active traits, or the active described traits (with words still being typed). */
export function personalizationValue(state: PersonalizationState): PersonalizationValue {
  switch (state.mode) {
    case 'upload':
      return { photoId: state.photo.id, personalization: joinTraits(activeLabels(state.photo.traits)) };
    case 'describe':
      return {
        photoId: null,
        personalization: joinTraits([...activeLabels(state.describe.traits), ...splitTraits(state.describe.draft)]),
      };
    default:
      return EMPTY_PERSONALIZATION;
  }
}

/** What the photo area shows. */
export type PhotoDisplay = 'empty' | 'uploading' | 'analyzing' | 'traits' | 'none-detected' | 'failed';

export function photoDisplay(photo: PhotoState): PhotoDisplay {
  switch (photo.phase) {
    case 'idle':
      return 'empty';
    case 'uploading':
      return 'uploading';
    case 'analyzing':
      return photo.timedOut ? 'failed' : 'analyzing';
    case 'failed':
      return 'failed';
    case 'done':
      return photo.detected > 0 ? 'traits' : 'none-detected';
  }
}

/** The polite status line for screen readers (and the visible status). */
export function photoStatusText(photo: PhotoState): string {
  switch (photoDisplay(photo)) {
    case 'empty':
      return '';
    case 'uploading':
      return 'Uploading your photo...';
    case 'analyzing':
      return 'Analyzing your photo...';
    case 'traits':
      return `${photo.detected} ${photo.detected === 1 ? 'trait' : 'traits'} detected`;
    case 'none-detected':
      return `${PhotoMessages.noTraits} ${PhotoMessages.noTraitsHint}`;
    case 'failed':
      return `${PhotoMessages.analysisFailed}. ${PhotoMessages.noTraitsHint}`;
  }
}

export interface ToastSpec {
  title: string;
  description: string;
  variant?: 'default' | 'destructive';
}

/**
 * The toast a change of the photo's state calls for (spec part 2 section 8): "Traits extracted!"
 * when traits arrive (also after a time-out), "Analysis failed" on a failure, on the time-out or
 * when no traits were found.
 */
export function analysisToast(prev: PhotoState, next: PhotoState): ToastSpec | null {
  if (!next.id) return null;
  const sameState = prev.id === next.id && prev.token === next.token;
  if (next.phase === 'done' && !(sameState && prev.phase === 'done')) {
    return next.detected > 0
      ? {
          title: PhotoMessages.traitsExtracted,
          description: `We found ${next.detected} ${next.detected === 1 ? 'trait' : 'traits'} in your photo.`,
        }
      : { title: PhotoMessages.analysisFailed, description: PhotoMessages.noTraits, variant: 'destructive' };
  }
  if (next.phase === 'failed' && !(sameState && (prev.phase === 'failed' || prev.timedOut))) {
    return { title: PhotoMessages.analysisFailed, description: PhotoMessages.noTraitsHint, variant: 'destructive' };
  }
  if (next.phase === 'analyzing' && next.timedOut && !(sameState && prev.timedOut)) {
    return { title: PhotoMessages.analysisFailed, description: PhotoMessages.noTraitsHint, variant: 'destructive' };
  }
  return null;
}

/** The client-side check before uploading (the server decodes to be sure): a toast, or null when fine. */
export function photoFileProblem(file: Pick<File, 'size' | 'type'>): ToastSpec | null {
  if (file.size > PhotoLimits.maxBytes) {
    return { title: PhotoMessages.tooLargeTitle, description: PhotoMessages.tooLarge, variant: 'destructive' };
  }
  if (!file.type.startsWith('image/')) {
    return { title: PhotoMessages.invalidTypeTitle, description: PhotoMessages.invalidType, variant: 'destructive' };
  }
  return null;
}

/** The file input's accept list (spec part 2 section 9: jpeg, png, webp). */
export const PHOTO_ACCEPT = PhotoLimits.formats.map((f) => `image/${f}`).join(',');
