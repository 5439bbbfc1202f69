import { randomUUID } from 'node:crypto';
import {
  BadRequestException, CallHandler, Controller, Get, HttpCode, HttpException, HttpStatus, Inject, Injectable, NotFoundException,
  Param, ParseUUIDPipe, PayloadTooLargeException, Post, Res, UploadedFile, UseGuards, UseInterceptors,
  type ExecutionContext, type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { Observable } from 'rxjs';
import { AvatarUrls, StorageKeys } from '@trendforge/contracts';
import { AvatarLimits, prepareAvatar, UploadMessages, UploadRejectedError } from '@trendforge/imaging/upload';
import { STORAGE, type ObjectStorage } from '@trendforge/platform';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';

/**
 * Multer with hard limits: it stops reading a file at 2 MB + 1 byte, so an oversized upload is
 * never buffered whole; one file, a handful of small fields. Its refusals get the spec's texts.
 */
const Multipart = FileInterceptor('file', {
  limits: { fileSize: AvatarLimits.maxBytes, files: 1, fields: 8, fieldSize: 8 * 1024, parts: 10, headerPairs: 100 },
});

@Injectable()
class AvatarFileInterceptor extends Multipart implements NestInterceptor {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(UploadMessages.tooLarge);
      if (error instanceof HttpException) throw new BadRequestException('Send the image as the multipart form field "file"');
      throw error;
    }
  }
}

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Image Not Found') });
const refusalStatus = { type: HttpStatus.BAD_REQUEST, size: HttpStatus.PAYLOAD_TOO_LARGE, pixels: HttpStatus.PAYLOAD_TOO_LARGE } as const;

/**
 * POST /api/upload (spec part 1 section 7): a member's avatar, checked by decoding it, re-encoded
 * and stored under avatars/<userId>/; answers {url}. GET serves stored avatars.
 */
@Controller('api')
export class UploadController {
  constructor(@Inject(STORAGE) private readonly storage: ObjectStorage) {}

  @Post('upload')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @UseInterceptors(AvatarFileInterceptor)
  async upload(@CurrentCaller() caller: Caller, @UploadedFile() file: { buffer?: Buffer } | undefined): Promise<{ url: string }> {
    if (!file?.buffer?.length) throw new BadRequestException(UploadMessages.invalidType);
    let avatar;
    try {
      avatar = await prepareAvatar(file.buffer);
    } catch (error) {
      if (error instanceof UploadRejectedError) throw new HttpException(error.message, refusalStatus[error.reason]);
      throw error;
    }
    const id = randomUUID();
    await this.storage.put(StorageKeys.avatar(caller.userId, id), avatar.data, avatar.contentType);
    return { url: AvatarUrls.file(caller.userId, id) };
  }

  /** Avatars are profile pictures: readable by anyone who has the (unguessable) URL, like any avatar. */
  @Get('avatars/:userId/:id.webp')
  async avatar(@Param('userId', uuid) userId: string, @Param('id', uuid) id: string, @Res() res: Response): Promise<void> {
    const object = await this.storage.stream(StorageKeys.avatar(userId, id));
    res.set({
      'content-type': 'image/webp',
      'content-length': String(object.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    object.stream.pipe(res);
  }
}
