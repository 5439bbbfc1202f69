import { errorMessage, isApiError } from '@/lib/api';
import { api, data, formData } from '@/lib/api-client';
import type { User } from '@/lib/types';

/** Spec part 1 section 3: the settings payload. darkMode is always true (the interface is dark only). */
export interface SettingsPayload {
  firstName: string;
  lastName: string;
  avatar: string | null;
  darkMode: true;
  emailNotifications: boolean;
  highQualityGeneration: boolean;
}

export type SettingsForm = Omit<SettingsPayload, 'darkMode'>;

export function settingsFormOf(user: User): SettingsForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    avatar: user.avatar,
    emailNotifications: user.emailNotifications,
    highQualityGeneration: user.highQualityGeneration,
  };
}

/** PUT /api/users/settings, read as JSON: the updated user. */
export async function saveSettings(form: SettingsForm): Promise<User> {
  const payload: SettingsPayload = { ...form, darkMode: true };
  return data(api.PUT('/api/users/settings', { body: payload }));
}

/** Spec part 1 sections 5 and 9: avatars must be images of at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_FALLBACK_MESSAGE = 'Unable to upload image. Please try a different image or try again later.';

/** The client-side check before uploading: a toast title and description, or null when fine. */
export function avatarFileProblem(file: File): { title: string; description: string } | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please upload an image file (JPEG, PNG, etc.)' };
  if (file.size > AVATAR_MAX_BYTES) return { title: 'File too large', description: 'Please upload an image smaller than 2 MB' };
  return null;
}

/**
 * POST /api/upload (multipart field `file`) answering {url}. Only our server is tried (DESIGN.md
 * section 3: no third-party image host); the server's refusal text is what the member sees.
 */
export async function uploadAvatar(file: File): Promise<string> {
  let url: string | undefined;
  try {
    ({ url } = await data(api.POST('/api/upload', { body: { file }, bodySerializer: formData })));
  } catch (error) {
    if (!isApiError(error)) {
      console.error('Avatar upload failed', error);
      throw new Error(UPLOAD_FALLBACK_MESSAGE, { cause: error });
    }
    console.error(`Server upload failed: ${error.status}`);
    throw new Error(errorMessage(error, UPLOAD_FALLBACK_MESSAGE), { cause: error });
  }
  if (typeof url !== 'string' || !url) {
    console.error('Upload response missing URL');
    throw new Error(UPLOAD_FALLBACK_MESSAGE);
  }
  return url;
}
