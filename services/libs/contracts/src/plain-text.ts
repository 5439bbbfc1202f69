/**
 * C0 controls other than tab, line feed and carriage return, and DEL: never part of a text anyone
 * types (and PostgreSQL refuses NUL in text). One rule for the gateway and the services.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;
