import {
  BadRequestException, CallHandler, HttpException, HttpStatus, Injectable, PayloadTooLargeException, mixin,
  type ExecutionContext, type NestInterceptor, type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { UploadRejectedError, type UploadRefusal } from '@trendforge/imaging/upload';

/**
 * Multer with hard limits for one image in the multipart field `field`: it stops reading at
 * `maxBytes` + 1 byte, so an oversized upload is never buffered whole; one file, a handful of
 * small fields. Its refusals get the product's texts.
 */
export function ImageFileInterceptor(field: string, maxBytes: number, tooLarge: string): Type<NestInterceptor> {
  const Multipart = FileInterceptor(field, {
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10, headerPairs: 100 },
  });

  @Injectable()
  class ImageFile extends Multipart implements NestInterceptor {
    override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      try {
        return await super.intercept(context, next);
      } catch (error) {
        if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(tooLarge);
        if (error instanceof HttpException) throw new BadRequestException(`Send the image as the multipart form field "${field}"`);
        throw error;
      }
    }
  }
  return mixin(ImageFile);
}

const refusalStatus: Record<UploadRefusal, HttpStatus> = {
  type: HttpStatus.BAD_REQUEST,
  size: HttpStatus.PAYLOAD_TOO_LARGE,
  pixels: HttpStatus.PAYLOAD_TOO_LARGE,
};

/** Runs an image check, turning a refusal for its content into the HTTP answer the member reads. */
export async function checkedImage<T>(prepare: () => Promise<T>): Promise<T> {
  try {
    return await prepare();
  } catch (error) {
    if (error instanceof UploadRejectedError) throw new HttpException(error.message, refusalStatus[error.reason]);
    throw error;
  }
}
