import { randomUUID } from 'node:crypto';
import {
  BadRequestException, Controller, Get, HttpCode, Inject, NotFoundException, Param, ParseUUIDPipe, Post, Res, UploadedFile, UseGuards, UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiBody, ApiConsumes, ApiOkResponse } from '@nestjs/swagger';
import { AvatarUrls, StorageKeys } from '@trendforge/contracts';
import { AvatarLimits, prepareAvatar, UploadMessages } from '@trendforge/imaging/upload';
import { STORAGE, type ObjectStorage } from '@trendforge/platform';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { checkedImage, ImageFileInterceptor } from './image-file.interceptor.js';
import { ImageFileUpload, UploadedView } from '../views.js';

// eslint-disable-next-line no-useless-assignment -- read by the parameter decorators below, which the rule does not follow
const uuid = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Image Not Found') });

/**
 * POST /api/upload (spec part 1 section 7): a member's avatar, checked by decoding it, re-encoded
 * and stored under avatars/<userId>/; answers {url}. GET serves stored avatars.
 */
@Controller('api')
export class UploadController {
  constructor(@Inject(STORAGE) private readonly storage: ObjectStorage) {}

  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ImageFileUpload })
  @ApiOkResponse({ type: UploadedView })
  @Post('upload')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @UseInterceptors(ImageFileInterceptor('file', AvatarLimits.maxBytes, UploadMessages.tooLarge))
  async upload(@CurrentCaller() caller: Caller, @UploadedFile() file: { buffer?: Buffer } | undefined): Promise<{ url: string }> {
    if (!file?.buffer?.length) throw new BadRequestException(UploadMessages.invalidType);
    const avatar = await checkedImage(() => prepareAvatar(file.buffer!));
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
