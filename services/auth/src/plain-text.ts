import { Injectable, type PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';

/** C0 controls other than tab, line feed and carriage return, and DEL (PostgreSQL refuses NUL in text). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/**
 * Refuses a request whose top-level text fields hold a control character with BAD_REQUEST naming
 * the field. The gateway refuses them first; this keeps any other caller's NUL a 400, not a 503.
 */
@Injectable()
export class RefuseControlCharacters implements PipeTransform {
  transform(request: unknown): unknown {
    if (request && typeof request === 'object') {
      for (const [field, value] of Object.entries(request)) {
        if (typeof value === 'string' && CONTROL_CHARACTER.test(value)) fail(ErrorCode.BadRequest, `${field} must not contain control characters`);
      }
    }
    return request;
  }
}
