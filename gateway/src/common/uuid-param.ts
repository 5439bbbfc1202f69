import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/**
 * An id argument that must be a UUID: anything else is the thing not found (404 / NOT_FOUND), on
 * REST and GraphQL alike, before any service is asked (a malformed id must not reach a query).
 */
export const uuidOf = (notFound: string) =>
  new ParseUUIDPipe({ errorHttpStatusCode: 404, exceptionFactory: () => new NotFoundException(notFound) });

export const ImageId = uuidOf('Image Not Found');
export const GenerationId = uuidOf('Generation not found');
