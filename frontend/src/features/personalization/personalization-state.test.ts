import { describe, expect, it } from 'vitest';
import { PhotoLimits, PhotoMessages, type PhotoView } from '@trendforge/contracts';
import {
  analysisToast,
  initialPersonalization,
  personalizationReducer,
  personalizationValue,
  photoDisplay,
  photoFileProblem,
  photoStatusText,
  PHOTO_ACCEPT,
  type PersonalizationAction,
  type PersonalizationState,
} from './personalization-state';

const view = (over: Partial<PhotoView> = {}): PhotoView => ({
  id: 'p1',
  url: '/api/photos/p1/file',
  status: 'analyzing',
  traits: [],
  faces: null,
  note: null,
  failureReason: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const run = (...actions: PersonalizationAction[]) =>
  actions.reduce<PersonalizationState>(personalizationReducer, initialPersonalization);

const selected: PersonalizationAction = { type: 'photoSelected', token: 1, previewUrl: 'blob:one', fileName: 'me.jpg' };
const uploaded: PersonalizationAction = { type: 'photoUpdate', view: view(), token: 1 };
const done = (traits: string[], over: Partial<PhotoView> = {}): PersonalizationAction => ({
  type: 'photoUpdate',
  view: view({ status: 'done', traits, faces: 1, ...over }),
});

describe('personalization reducer', () => {
  it('starts closed with nothing to send', () => {
    expect(initialPersonalization.mode).toBe('none');
    expect(personalizationValue(initialPersonalization)).toEqual({ photoId: null, personalization: '' });
  });

  it('previews a chosen photo at once, then follows its analysis to the traits', () => {
    let state = run({ type: 'choose', mode: 'upload' }, selected);
    expect(state.photo).toMatchObject({ phase: 'uploading', previewUrl: 'blob:one', fileName: 'me.jpg', id: null });
    expect(photoDisplay(state.photo)).toBe('uploading');

    state = personalizationReducer(state, uploaded);
    expect(state.photo).toMatchObject({ phase: 'analyzing', id: 'p1', url: '/api/photos/p1/file', previewUrl: 'blob:one' });
    expect(photoStatusText(state.photo)).toBe('Analyzing your photo...');
    expect(personalizationValue(state)).toEqual({ photoId: 'p1', personalization: '' });

    state = personalizationReducer(state, done(['brown hair', 'glasses', ' brown hair '], { note: '2 faces found: using the largest one' }));
    expect(photoDisplay(state.photo)).toBe('traits');
    expect(state.photo.traits).toEqual([
      { label: 'brown hair', active: true },
      { label: 'glasses', active: true },
    ]);
    expect(state.photo.note).toBe('2 faces found: using the largest one');
    expect(personalizationValue(state)).toEqual({ photoId: 'p1', personalization: 'brown hair, glasses' });
  });

  it('ignores answers about an older upload and other photos', () => {
    const second: PersonalizationAction = { type: 'photoSelected', token: 2, previewUrl: 'blob:two', fileName: 'b.jpg' };
    let state = run(selected, second);
    // The first upload's answer arrives late.
    state = personalizationReducer(state, { type: 'photoUpdate', view: view({ id: 'old' }), token: 1 });
    expect(state.photo).toMatchObject({ phase: 'uploading', id: null, previewUrl: 'blob:two' });
    expect(personalizationReducer(state, { type: 'uploadFailed', token: 1 })).toBe(state);

    state = personalizationReducer(state, { type: 'photoUpdate', view: view({ id: 'p2' }), token: 2 });
    expect(state.photo.id).toBe('p2');
    // A subscription update for another photo changes nothing.
    expect(personalizationReducer(state, done(['bald']))).toBe(state);
  });

  it('goes back to the empty upload area when the upload is refused', () => {
    const state = run(selected, { type: 'uploadFailed', token: 1 });
    expect(state.mode).toBe('upload');
    expect(photoDisplay(state.photo)).toBe('empty');
    expect(state.photo.previewUrl).toBeNull();
  });

  it('shows the failure path after the wait, but still takes traits that arrive later', () => {
    let state = run(selected, uploaded, { type: 'analysisTimedOut', id: 'p1' });
    expect(photoDisplay(state.photo)).toBe('failed');
    expect(photoStatusText(state.photo)).toBe(`Analysis failed. ${PhotoMessages.noTraitsHint}`);
    // A late "analyzing" keeps the failure path; the traits replace it.
    state = personalizationReducer(state, { type: 'photoUpdate', view: view() });
    expect(photoDisplay(state.photo)).toBe('failed');
    state = personalizationReducer(state, done(['red hair']));
    expect(photoDisplay(state.photo)).toBe('traits');
    expect(personalizationValue(state).personalization).toBe('red hair');
  });

  it('ignores a time-out for another photo or after the traits came', () => {
    const analysing = run(selected, uploaded);
    expect(personalizationReducer(analysing, { type: 'analysisTimedOut', id: 'other' })).toBe(analysing);
    const finished = personalizationReducer(analysing, done(['bald']));
    expect(personalizationReducer(finished, { type: 'analysisTimedOut', id: 'p1' })).toBe(finished);
  });

  it('treats a failed analysis and one without traits as failures', () => {
    const failed = run(selected, uploaded, { type: 'photoUpdate', view: view({ status: 'failed', failureReason: 'No face found' }) });
    expect(photoDisplay(failed.photo)).toBe('failed');
    expect(failed.photo.failureReason).toBe('No face found');
    // A stale "analyzing" does not reopen it.
    expect(photoDisplay(personalizationReducer(failed, { type: 'photoUpdate', view: view() }).photo)).toBe('failed');

    const empty = run(selected, uploaded, done([]));
    expect(photoDisplay(empty.photo)).toBe('none-detected');
    expect(photoStatusText(empty.photo)).toContain(PhotoMessages.noTraits);
  });

  it('never moves back from done', () => {
    const state = run(selected, uploaded, done(['bald']));
    expect(personalizationReducer(state, { type: 'photoUpdate', view: view() })).toBe(state);
    expect(personalizationReducer(state, { type: 'photoUpdate', view: view({ status: 'failed' }) })).toBe(state);
  });

  it('toggles extracted traits in and out of the prompt, excludes and restores them', () => {
    let state = run(selected, uploaded, done(['brown hair', 'glasses', 'smiling face']));
    state = personalizationReducer(state, { type: 'togglePhotoTrait', label: 'glasses' });
    expect(state.photo.traits.find((t) => t.label === 'glasses')).toEqual({ label: 'glasses', active: false });
    expect(personalizationValue(state).personalization).toBe('brown hair, smiling face');

    state = personalizationReducer(state, { type: 'excludePhotoTrait', label: 'smiling face' });
    expect(state.photo.traits.map((t) => t.label)).toEqual(['brown hair', 'glasses']);
    expect(state.photo.excluded).toEqual(['smiling face']);
    expect(personalizationValue(state).personalization).toBe('brown hair');

    state = personalizationReducer(state, { type: 'restoreExcluded' });
    expect(state.photo.excluded).toEqual([]);
    expect(personalizationValue(state).personalization).toBe('brown hair, smiling face');
  });

  it('builds the described traits from options, own words and words still being typed', () => {
    let state = run(
      { type: 'choose', mode: 'describe' },
      { type: 'toggleOption', label: 'blonde hair' },
      { type: 'toggleOption', label: 'glasses' },
      { type: 'setDraft', text: 'freckles,  warm smile, Glasses' },
    );
    // The draft counts before it is added.
    expect(personalizationValue(state)).toEqual({ photoId: null, personalization: 'blonde hair, glasses, freckles, warm smile, Glasses' });

    state = personalizationReducer(state, { type: 'commitDraft' });
    expect(state.describe.draft).toBe('');
    expect(state.describe.traits.map((t) => t.label)).toEqual(['blonde hair', 'glasses', 'freckles', 'warm smile']);

    state = personalizationReducer(state, { type: 'toggleDescribeTrait', label: 'glasses' });
    expect(personalizationValue(state).personalization).toBe('blonde hair, freckles, warm smile');
    // Choosing an option again removes it.
    state = personalizationReducer(state, { type: 'toggleOption', label: 'blonde hair' });
    state = personalizationReducer(state, { type: 'removeDescribeTrait', label: 'freckles' });
    expect(personalizationValue(state).personalization).toBe('warm smile');
  });

  it('sends only the chosen method: the photo, or the described traits', () => {
    let state = run(selected, uploaded, done(['bald']), { type: 'toggleOption', label: 'hat' });
    expect(state.mode).toBe('describe');
    expect(personalizationValue(state)).toEqual({ photoId: null, personalization: 'hat' });
    state = personalizationReducer(state, { type: 'choose', mode: 'upload' });
    expect(personalizationValue(state)).toEqual({ photoId: 'p1', personalization: 'bald' });
  });

  it('closing resets to none and clears every trait and the photo', () => {
    const state = run(selected, uploaded, done(['bald']), { type: 'toggleOption', label: 'hat' }, { type: 'reset' });
    expect(state).toEqual(initialPersonalization);
    expect(personalizationValue(state)).toEqual({ photoId: null, personalization: '' });
  });

  it('removing the photo keeps the described traits', () => {
    const state = run({ type: 'toggleOption', label: 'hat' }, selected, uploaded, { type: 'clearPhoto' });
    expect(photoDisplay(state.photo)).toBe('empty');
    expect(state.describe.traits).toEqual([{ label: 'hat', active: true }]);
  });
});

describe('analysisToast', () => {
  const analysing = run(selected, uploaded);

  it('says "Traits extracted!" when traits arrive, also after the time-out', () => {
    const finished = personalizationReducer(analysing, done(['bald', 'hat']));
    expect(analysisToast(analysing.photo, finished.photo)).toMatchObject({ title: PhotoMessages.traitsExtracted });
    const late = personalizationReducer(personalizationReducer(analysing, { type: 'analysisTimedOut', id: 'p1' }), done(['bald']));
    expect(analysisToast({ ...analysing.photo, timedOut: true }, late.photo)).toMatchObject({ title: PhotoMessages.traitsExtracted });
    // Toggling a trait is not news.
    const toggled = personalizationReducer(finished, { type: 'togglePhotoTrait', label: 'bald' });
    expect(analysisToast(finished.photo, toggled.photo)).toBeNull();
  });

  it('says "Traits extracted!" when a known photo answers done at once', () => {
    const uploading = run(selected);
    const known = personalizationReducer(uploading, { type: 'photoUpdate', view: view({ status: 'done', traits: ['bald'] }), token: 1 });
    expect(analysisToast(uploading.photo, known.photo)).toMatchObject({ title: PhotoMessages.traitsExtracted });
  });

  it('says "Analysis failed" once: on the time-out, on failure, or when no traits were found', () => {
    const timedOut = personalizationReducer(analysing, { type: 'analysisTimedOut', id: 'p1' });
    expect(analysisToast(analysing.photo, timedOut.photo)).toEqual({
      title: PhotoMessages.analysisFailed,
      description: PhotoMessages.noTraitsHint,
      variant: 'destructive',
    });
    const failedAfter = personalizationReducer(timedOut, { type: 'photoUpdate', view: view({ status: 'failed' }) });
    expect(analysisToast(timedOut.photo, failedAfter.photo)).toBeNull();

    const failed = personalizationReducer(analysing, { type: 'photoUpdate', view: view({ status: 'failed' }) });
    expect(analysisToast(analysing.photo, failed.photo)).toMatchObject({ title: PhotoMessages.analysisFailed, variant: 'destructive' });

    const none = personalizationReducer(analysing, done([]));
    expect(analysisToast(analysing.photo, none.photo)).toMatchObject({ title: PhotoMessages.analysisFailed, description: PhotoMessages.noTraits });
  });

  it('stays quiet while uploading and analysing', () => {
    expect(analysisToast(initialPersonalization.photo, run(selected).photo)).toBeNull();
    expect(analysisToast(run(selected).photo, analysing.photo)).toBeNull();
  });
});

describe('photoFileProblem', () => {
  it('refuses files over 5 MB and non-images, before uploading', () => {
    expect(photoFileProblem({ size: PhotoLimits.maxBytes + 1, type: 'image/jpeg' })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 5MB',
      variant: 'destructive',
    });
    expect(photoFileProblem({ size: 100, type: 'application/pdf' })).toEqual({
      title: 'Invalid file type',
      description: 'Please select an image file',
      variant: 'destructive',
    });
    expect(photoFileProblem({ size: PhotoLimits.maxBytes, type: 'image/png' })).toBeNull();
  });

  it('accepts JPG, PNG and WEBP in the picker', () => {
    expect(PHOTO_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});
