const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value from a message is a UUID (user, generation and actor ids), before it reaches a uuid column. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UuidPattern.test(value);
