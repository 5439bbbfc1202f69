/**
 * Personalisation (spec part 2 sections 2.2, 3, 5, 8, 9): a member's creation photo, the traits read
 * from it, and the fixed trait options of the "Describe me" chooser. One declaration for the
 * gateway, the images service, traits-worker, the studio engine and the SPA.
 */

/** Spec part 2 section 9: creation photos up to 5 MB, JPEG, PNG or WEBP (judged by decoding). */
export const PhotoLimits = {
  maxBytes: 5 * 1024 * 1024,
  /** Decompression bombs stop at the header: at most this many pixels (a 48 MP phone photo fits). */
  maxPixels: 50_000_000,
  /** Stored photos are re-encoded with their long side at most this many px (the engines use 2048). */
  storedLongSide: 2048,
  formats: ['jpeg', 'png', 'webp'] as const,
} as const;

/** The texts of spec part 2 sections 5 and 8 (toast title / description). */
export const PhotoMessages = {
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 5MB',
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file',
  uploadFailed: 'Upload failed',
  analysisFailed: 'Analysis failed',
  noTraits: 'No traits were detected in the image...',
  /** Shown in the traits area after a failure. */
  noTraitsHint: 'Try a clearer, well-lit photo of your face, or use the Describe Me tab instead.',
  stillWorkingTitle: 'Still working',
  stillWorking: 'Still analyzing your photo. This can take a moment...',
  traitsExtracted: 'Traits extracted!',
  traitsIdentified: 'Traits identified',
  tooManyPixels: (width: number, height: number) =>
    `This image is ${width} × ${height} pixels. Please select an image of at most 50 megapixels.`,
  notFound: 'Photo not found',
} as const;

/** Spec part 2 section 9: the "Still working" toast after this long. */
export const TraitsStillWorkingMs = 10_000;
/** The screens wait this long for traits before showing the failure path (they keep listening). */
export const TraitsWaitMs = 30_000;
/** `POST /api/extract-traits` waits at most this long for the traits job. */
export const ExtractTraitsWaitMs = 25_000;
/** Creator page fallback traits (spec part 2 section 7). */
export const FallbackTraits = ['smiling face', 'casual style', 'natural pose'] as const;
/** Uploaded photos not used by a creation are deleted after this many days. */
export const PhotoRetentionDays = 7;

export type TraitType = 'hair' | 'eyes' | 'clothes' | 'accessories' | 'gender' | 'style';

export interface TraitOption {
  id: string;
  /** The words that go into the personalization string (and on the chip). */
  label: string;
  type: TraitType;
}

const option = (type: TraitType, label: string): TraitOption => ({ id: `${type}-${label.replace(/\s+/g, '-')}`, label, type });

/** Spec part 2 section 3: the fixed trait options. */
export const TraitOptions: readonly TraitOption[] = [
  ...['brown hair', 'blonde hair', 'black hair', 'red hair', 'curly hair', 'straight hair', 'short hair', 'long hair', 'bald'].map((l) => option('hair', l)),
  ...['blue eyes', 'brown eyes', 'green eyes', 'hazel eyes'].map((l) => option('eyes', l)),
  ...['formal wear', 'casual wear', 'sportswear', 'business attire'].map((l) => option('clothes', l)),
  ...['glasses', 'hat', 'necklace', 'earrings'].map((l) => option('accessories', l)),
  ...['masculine', 'feminine', 'androgynous look'].map((l) => option('gender', l)),
  ...['elegant', 'minimalist', 'vintage', 'bohemian'].map((l) => option('style', l)),
];

export const TraitTypeLabels: Record<TraitType, string> = {
  hair: 'Hair', eyes: 'Eyes', clothes: 'Clothes', accessories: 'Accessories', gender: 'Gender', style: 'Style',
};

/** Personalization travels as one comma-separated string (spec part 2 section 3). */
export const joinTraits = (traits: readonly string[]): string =>
  [...new Set(traits.map((t) => t.trim()).filter(Boolean))].join(', ');
export const splitTraits = (text: string | null | undefined): string[] =>
  [...new Set((text ?? '').split(',').map((t) => t.trim()).filter(Boolean))];

/** Where the prompt used is shown, the personalization follows this text (spec part 2 section 4). */
export const PersonTraitsSeparator = ' | Person traits: ';
export const withPersonTraits = (prompt: string, personalization: string | null | undefined): string =>
  personalization?.trim() ? `${prompt}${PersonTraitsSeparator}${personalization.trim()}` : prompt;

export type PhotoStatus = 'analyzing' | 'done' | 'failed';

/** The main face as traits-worker read it, in pixels of the stored (oriented) photo. */
export interface PhotoFace {
  box: { left: number; top: number; width: number; height: number };
  landmarks: Array<{ x: number; y: number }>;
  age?: number;
  gender?: 'male' | 'female';
  genderProbability?: number;
  expression?: string;
  /** Mean colours sampled at the landmarks (#rrggbb). */
  hairColour?: string;
  eyeColour?: string;
}

/** A member's uploaded creation photo, as the images service keeps it. */
export interface Photo {
  id: string;
  userId: string;
  /** Storage key of the sanitised photo (StorageKeys.photo). */
  key: string;
  width: number;
  height: number;
  status: PhotoStatus;
  /** Traits in the words of the trait options, plus what the detector reliably sees (e.g. "smiling face"). */
  traits: string[];
  /** Faces found; null until analysed. */
  faces: number | null;
  /** Something the member should know, e.g. "2 faces found: using the largest one". */
  note: string | null;
  failureReason: string | null;
  face: PhotoFace | null;
  createdAt: string;
}

/** What the API answers about a photo (REST and GraphQL); never another member's. */
export interface PhotoView {
  id: string;
  /** Owner-only URL of the stored photo (PhotoUrls.file). */
  url: string;
  status: PhotoStatus;
  traits: string[];
  faces: number | null;
  note: string | null;
  failureReason: string | null;
  createdAt: string;
}

export const PhotoUrls = {
  file: (id: string) => `/api/photos/${id}/file`,
  /** Matches a photo URL of this app (relative or absolute), capturing the photo id. */
  pattern: /^(?:https?:\/\/[^/]+)?\/api\/photos\/([0-9a-f-]{36})\/file$/i,
};

export const toPhotoView = (photo: Photo): PhotoView => ({
  id: photo.id,
  url: PhotoUrls.file(photo.id),
  status: photo.status,
  traits: photo.traits,
  faces: photo.faces,
  note: photo.note,
  failureReason: photo.failureReason,
  createdAt: photo.createdAt,
});

/**
 * Redis pub/sub channel on which the images service publishes a photo's analysis as it changes
 * (Photo); every gateway instance relays it to the GraphQL subscription `photoUpdated(id)`.
 */
export const PhotoUpdatesChannel = 'photo.updated';

/** Two faces or more: the engines use the largest, and the member is told. */
export const manyFacesNote = (faces: number) => `${faces} faces found: using the largest one`;
