import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorsFilter } from '../../common/errors.filter.js';

/**
 * The waitlist page reads a failed answer's `error` field (spec part 1 section 7), so its REST
 * errors carry `{success: false, error}` next to the usual `{statusCode, message}` of the one mapping.
 */
@Catch()
export class WaitlistErrorsFilter implements ExceptionFilter {
  private readonly errors = new ErrorsFilter();

  catch(exception: unknown, host: ArgumentsHost) {
    if (host.getType<string>() === 'http') {
      const res = host.switchToHttp().getResponse<Response>();
      const json = res.json.bind(res);
      res.json = (body: { message?: string }) => json({ success: false, error: body.message, ...body });
    }
    return this.errors.catch(exception, host);
  }
}
