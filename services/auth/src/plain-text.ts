import { Injectable, type PipeTransform } from '@nestjs/common';
import { controlCharactersMessage, ErrorCode, hasControlCharacter } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';

/**
 * Refuses a request whose top-level text fields hold a control character with BAD_REQUEST naming
 * the field. The gateway refuses them first; this keeps any other caller's NUL a 400, not a 503.
 */
@Injectable()
export class RefuseControlCharacters implements PipeTransform {
  transform(request: unknown): unknown {
    if (request && typeof request === 'object') {
      for (const [field, value] of Object.entries(request)) {
        if (typeof value === 'string' && hasControlCharacter(value)) fail(ErrorCode.BadRequest, controlCharactersMessage(field));
      }
    }
    return request;
  }
}
