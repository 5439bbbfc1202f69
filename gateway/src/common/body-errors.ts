import type { NextFunction, Request, Response } from 'express';

/** What a body parser's refusals say (their own texts are parser internals, or a stack trace outside production). */
export const BodyMessages = {
  notJson: 'The request body is not valid JSON',
  tooLarge: 'The request body is too large',
} as const;

type BodyParserError = Error & { type?: unknown; status?: number; expose?: boolean };

/**
 * Express error handler, right after the body parsers: their refusals (malformed, too large, too
 * deeply nested) get the REST answer shape `{statusCode, message}` instead of Express's HTML page.
 */
export function answerBodyErrors() {
  return (error: BodyParserError, _req: Request, res: Response, next: NextFunction) => {
    const status = error.status ?? 0;
    if (typeof error.type !== 'string' || status < 400 || status >= 500 || res.headersSent) return next(error);
    const message = error.type === 'entity.parse.failed' ? BodyMessages.notJson
      : error.type === 'entity.too.large' ? BodyMessages.tooLarge
        : error.expose ? error.message : 'Bad Request';
    res.status(status).json({ statusCode: status, message });
  };
}
