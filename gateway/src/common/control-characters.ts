import { BadRequestException, Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { controlCharactersMessage, hasControlCharacter } from '@trendforge/contracts';

/** Deeper values are left to the JSON depth limit; this bounds the walk. */
const MAX_WALK_DEPTH = 64;

/**
 * The name of the first field whose string holds a control character, or undefined.
 * Walks plain objects and arrays only (files, buffers and class instances are not text);
 * an array item is named after its array.
 */
export function fieldWithControlCharacter(value: unknown, field: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? field : undefined;
  if (depth > MAX_WALK_DEPTH || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithControlCharacter(item, field, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithControlCharacter(item, key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Global pipe, before validation: every REST body, query and route parameter and every GraphQL
 * argument (variables included) with a control character is a 400 naming the field, so a NUL
 * never reaches a service (PostgreSQL refuses NUL in text).
 */
@Injectable()
export class RefuseControlCharacters implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const field = fieldWithControlCharacter(value, metadata.data ?? metadata.type);
    if (field) throw new BadRequestException(controlCharactersMessage(field));
    return value;
  }
}
