/** Email addresses as every form and service checks them (spec part 1 sections 5 and 8). */

/** RFC 5321 caps a forward path at 254 characters. */
export const EmailMaxLength = 254;
/** Something@something.tld without spaces: what the spec's forms check, no stricter. */
export const EmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email as stored and compared: trimmed and lower-case ('' for anything not a string). */
export const normalizeEmail = (value: unknown) => (typeof value === 'string' ? value : '').trim().toLowerCase();

/** Whether an already normalised email is acceptable. */
export const isValidEmail = (email: string) => email.length <= EmailMaxLength && EmailPattern.test(email);
