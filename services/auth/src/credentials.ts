import { AvatarUrls, ErrorCode, isValidEmail, normalizeEmail, type ProfileSettings } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';

/** Texts people see (spec part 1, sections 5 and 8) plus the limits the spec leaves open. */
export const AuthMessages = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 32 characters',
  usernameCharacters: 'Username may only contain letters, digits, _ . and -',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidCredentials: 'Invalid credentials',
  userNotFound: 'User not found',
  firstNameTooLong: 'First name must be at most 50 characters',
  lastNameTooLong: 'Last name must be at most 50 characters',
  invalidAvatar: 'Avatar must be an image uploaded to your account',
  invalidPreference: (name: string) => `${name} must be true or false`,
  tooManyAttempts: (seconds: number) => {
    const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
    return `Too many attempts. Please try again in ${amount} ${unit}${amount === 1 ? '' : 's'}.`;
  },
} as const;

export const UsernameLength = { min: 3, max: 32 } as const;
export const PasswordLength = { min: 6, max: 256 } as const;
const UsernamePattern = /^[A-Za-z0-9_.-]+$/;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export interface Registration {
  username: string;
  email: string;
  password: string;
}

/** Registration rules in the order the form shows them; throws BAD_REQUEST with the first broken one. */
export function validateRegistration(input: { username?: unknown; email?: unknown; password?: unknown }): Registration {
  const username = text(input.username).trim();
  const email = normalizeEmail(input.email);
  const password = text(input.password);
  if (username.length < UsernameLength.min) fail(ErrorCode.BadRequest, AuthMessages.usernameTooShort);
  if (username.length > UsernameLength.max) fail(ErrorCode.BadRequest, AuthMessages.usernameTooLong);
  if (!UsernamePattern.test(username)) fail(ErrorCode.BadRequest, AuthMessages.usernameCharacters);
  if (!isValidEmail(email)) fail(ErrorCode.BadRequest, AuthMessages.invalidEmail);
  if (password.length < PasswordLength.min) fail(ErrorCode.BadRequest, AuthMessages.passwordTooShort);
  if (password.length > PasswordLength.max) fail(ErrorCode.BadRequest, AuthMessages.passwordTooLong);
  return { username, email, password };
}

/** The login form's rules (valid email, password of at least 6); anything else is a credentials question. */
export function validateLogin(input: { email?: unknown; password?: unknown }): { email: string; password: string } {
  const email = normalizeEmail(input.email);
  const password = text(input.password);
  if (!isValidEmail(email)) fail(ErrorCode.BadRequest, AuthMessages.invalidEmail);
  if (password.length < PasswordLength.min) fail(ErrorCode.BadRequest, AuthMessages.passwordTooShort);
  return { email, password };
}

export const NameMaxLength = 50;

/**
 * The settings form (spec part 1 section 3) for one member: names trimmed and bounded, the avatar
 * either cleared or one of this member's own uploads (never another's, never an outside URL).
 */
export function validateProfileSettings(
  userId: string, current: ProfileSettings, changes: Partial<Record<keyof ProfileSettings, unknown>>,
): ProfileSettings {
  // A field left out keeps its value; the spec's form always sends them all.
  const input = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
  const firstName = text(input.firstName).trim();
  const lastName = text(input.lastName).trim();
  if (firstName.length > NameMaxLength) fail(ErrorCode.BadRequest, AuthMessages.firstNameTooLong);
  if (lastName.length > NameMaxLength) fail(ErrorCode.BadRequest, AuthMessages.lastNameTooLong);
  const avatar = input.avatar === null || input.avatar === '' ? null : input.avatar;
  if (avatar !== null && (typeof avatar !== 'string' || AvatarUrls.pattern.exec(avatar)?.[1] !== userId)) {
    fail(ErrorCode.BadRequest, AuthMessages.invalidAvatar);
  }
  const flag = (value: unknown, name: string) => {
    if (typeof value !== 'boolean') fail(ErrorCode.BadRequest, AuthMessages.invalidPreference(name));
    return value;
  };
  return {
    firstName,
    lastName,
    avatar,
    emailNotifications: flag(input.emailNotifications, 'Email Notifications'),
    highQualityGeneration: flag(input.highQualityGeneration, 'High Quality Generation'),
  };
}
