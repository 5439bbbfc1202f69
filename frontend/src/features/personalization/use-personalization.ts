import { useCallback, useEffect, useMemo, useReducer, useRef, type Dispatch } from 'react';
import { useSubscription } from '@apollo/client/react';
import { PhotoMessages, TraitsStillWorkingMs, TraitsWaitMs, type PhotoView } from '@trendforge/contracts';
import { toast } from '@/ui/toast-store';
import { fetchPhoto, PHOTO_UPDATED, photoViewOf, uploadPhoto } from './photo-api';
import {
  analysisToast,
  initialPersonalization,
  personalizationReducer,
  personalizationValue,
  photoFileProblem,
  type PersonalizationAction,
  type PersonalizationMode,
  type PersonalizationState,
  type PersonalizationValue,
} from './personalization-state';

/** Only when the subscription fails (or after the time-out): how often to re-read the photo. */
export const PHOTO_POLL_INTERVAL_MS = 3000;

export interface PersonalizationController {
  state: PersonalizationState;
  /** What to send with a generation: { photoId, personalization }. */
  value: PersonalizationValue;
  dispatch: Dispatch<PersonalizationAction>;
  choose: (mode: Exclude<PersonalizationMode, 'none'>) => void;
  /** Closes the chooser: back to none, traits and photo cleared. */
  reset: () => void;
  /** Checks, previews and uploads a chosen photo, then follows its analysis. */
  selectFile: (file: File) => void;
  clearPhoto: () => void;
}

const previewOf = (file: File): string | null =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

const revoke = (url: string | null) => {
  if (url?.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
};

/**
 * The personalization chooser's state for one screen. The state lives in the screen (not the
 * panel) so it survives the panel unmounting, e.g. while generating and on "Adjust Settings".
 *
 * A chosen photo is previewed at once and uploaded (POST /api/photos); its analysis is followed
 * through the `photoUpdated(id)` subscription, reading GET /api/photos/:id every few seconds
 * instead when the subscription fails. "Still working" shows after TraitsStillWorkingMs; after
 * TraitsWaitMs without traits the failure path shows, but updates are still applied.
 */
export function usePersonalization(): PersonalizationController {
  const [state, dispatch] = useReducer(personalizationReducer, initialPersonalization);
  const { photo } = state;
  const id = photo.id;
  const analyzing = id !== null && photo.phase === 'analyzing';

  const tokens = useRef(0);
  const upload = useRef<AbortController | null>(null);

  const apply = useCallback((view: PhotoView | null | undefined) => {
    if (view) dispatch({ type: 'photoUpdate', view });
  }, []);

  const { error: subscriptionError } = useSubscription(PHOTO_UPDATED, {
    variables: { id: id ?? '' },
    skip: !analyzing,
    onData: ({ data }) => apply(photoViewOf(data.data?.photoUpdated)),
    onError: (error) => console.warn('photoUpdated subscription failed; polling instead', error),
  });

  // Fallback: poll when the subscription failed, and after the time-out in case it went quiet.
  const poll = analyzing && (Boolean(subscriptionError) || photo.timedOut);
  useEffect(() => {
    if (!poll || !id) return;
    const controller = new AbortController();
    const read = () => {
      fetchPhoto(id, controller.signal)
        .then(apply)
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('GET /api/photos/:id failed', error);
        });
    };
    read();
    const timer = setInterval(read, PHOTO_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [poll, id, apply]);

  // "Still working" 10 s after the photo was chosen (its upload is part of the wait the member
  // sees), unless the analysis ended first; the clock is the chosen photo's, not the upload's.
  const working = photo.phase === 'uploading' || photo.phase === 'analyzing';
  const token = photo.token;
  useEffect(() => {
    if (!working) return;
    const still = setTimeout(
      () => toast({ title: PhotoMessages.stillWorkingTitle, description: PhotoMessages.stillWorking }),
      TraitsStillWorkingMs,
    );
    return () => clearTimeout(still);
  }, [working, token]);

  // The failure path after TraitsWaitMs of analysis (listening goes on).
  useEffect(() => {
    if (!analyzing || !id) return;
    const wait = setTimeout(() => dispatch({ type: 'analysisTimedOut', id }), TraitsWaitMs);
    return () => clearTimeout(wait);
  }, [analyzing, id]);

  // Toasts for the analysis outcome, once per change.
  const previous = useRef(photo);
  useEffect(() => {
    const spec = analysisToast(previous.current, photo);
    previous.current = photo;
    if (spec) toast(spec);
  }, [photo]);

  // The local preview is freed when replaced, cleared or unmounted.
  const preview = photo.previewUrl;
  useEffect(() => () => revoke(preview), [preview]);

  useEffect(() => () => upload.current?.abort(), []);

  const selectFile = useCallback((file: File) => {
    const problem = photoFileProblem(file);
    if (problem) {
      toast(problem);
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    const token = ++tokens.current;
    dispatch({ type: 'photoSelected', token, previewUrl: previewOf(file), fileName: file.name });
    uploadPhoto(file, controller.signal)
      .then((view) => dispatch({ type: 'photoUpdate', view, token }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        toast({
          title: PhotoMessages.uploadFailed,
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        });
        dispatch({ type: 'uploadFailed', token });
      });
  }, []);

  const reset = useCallback(() => {
    upload.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  const clearPhoto = useCallback(() => {
    upload.current?.abort();
    dispatch({ type: 'clearPhoto' });
  }, []);

  const choose = useCallback((mode: Exclude<PersonalizationMode, 'none'>) => dispatch({ type: 'choose', mode }), []);

  const derived = personalizationValue(state);
  // Same object while the result is the same, so screens can depend on it.
  const value = useMemo<PersonalizationValue>(
    () => ({ photoId: derived.photoId, personalization: derived.personalization }),
    [derived.photoId, derived.personalization],
  );

  return { state, value, dispatch, choose, reset, selectFile, clearPhoto };
}
