import { createHash } from 'node:crypto';
import {
  BadRequestException, Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, ParseUUIDPipe, Post, Req, Res, UploadedFile,
  UseGuards, UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import {
  AvatarUrls, ErrorCode, ExtractTraitsWaitMs, joinTraits, PhotoLimits, PhotoMessages, PhotoUrls, StorageKeys, toPhotoView, type Photo, type PhotoView,
} from '@trendforge/contracts';
import { preparePhoto } from '@trendforge/imaging/upload';
import { Bus, fail, STORAGE, StorageNotFoundError, type ObjectStorage } from '@trendforge/platform';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { PhotoUpdates } from '../../realtime/photo-updates.js';
import { checkedImage, ImageFileInterceptor } from '../upload/image-file.interceptor.js';
import { ImageFileUpload, PhotoViewDto } from '../views.js';

type UploadedImage = { buffer?: Buffer } | undefined;

const photoId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(PhotoMessages.notFound) });

/** Uploads are decoded, stored and analysed: a member may send this many per 10 minutes. */
const UploadsPer10Minutes = 40;

/**
 * The same member sending the same bytes gets the same photo id: a double click or a retry is
 * one stored photo and one traits job (its BullMQ job id), and a known photo answers at once.
 */
function stablePhotoId(userId: string, bytes: Buffer): string {
  const hex = createHash('sha256').update(userId).update('\0').update(bytes).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Creation photos (spec part 2 sections 2.2, 5, 7): uploaded once, checked by decoding, stored
 * owner-only without metadata, analysed by traits-worker through the `traits` queue. The screens
 * follow the analysis with the GraphQL subscription `photoUpdated` (or poll GET /api/photos/:id);
 * POST /api/extract-traits is the documented one-call form, waiting bounded for the traits.
 */
@Controller('api')
@UseGuards(MemberGuard)
export class PhotosController {
  constructor(
    private readonly bus: Bus,
    private readonly updates: PhotoUpdates,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ImageFileUpload })
  @ApiCreatedResponse({ type: PhotoViewDto })
  @Post('photos')
  @Throttle({ default: { limit: UploadsPer10Minutes, ttl: 600_000 } })
  @UseInterceptors(ImageFileInterceptor('file', PhotoLimits.maxBytes, PhotoMessages.tooLarge))
  async upload(@CurrentCaller() caller: Caller, @UploadedFile() file: UploadedImage): Promise<PhotoView> {
    return toPhotoView(await this.store(caller.userId, file));
  }

  @ApiOkResponse({ type: PhotoViewDto })
  @Get('photos/:id')
  async photo(@CurrentCaller() caller: Caller, @Param('id', photoId) id: string): Promise<PhotoView> {
    return toPhotoView(await this.bus.send('images.photo.get', { id, userId: caller.userId }));
  }

  /** The stored photo, read under the caller's own storage prefix: nobody else's can be reached. */
  @Get('photos/:id/file')
  async file(@CurrentCaller() caller: Caller, @Param('id', photoId) id: string, @Res() res: Response): Promise<void> {
    const object = await this.storage.stream(StorageKeys.photo(caller.userId, id)).catch((error: unknown) => {
      if (error instanceof StorageNotFoundError) throw new NotFoundException(PhotoMessages.notFound);
      throw error;
    });
    res.set({
      'content-type': 'image/jpeg',
      'content-length': String(object.size),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    object.stream.pipe(res);
  }

  /**
   * Spec part 2 section 7, both forms: JSON `{imageUrl}` (a photo or avatar of this member's,
   * served by this app) answers `traits` as comma-separated text; multipart `image` answers an
   * array. Either waits at most ExtractTraitsWaitMs for traits-worker.
   */
  @Post('extract-traits')
  @HttpCode(200)
  @Throttle({ default: { limit: UploadsPer10Minutes, ttl: 600_000 } })
  @UseInterceptors(ImageFileInterceptor('image', PhotoLimits.maxBytes, PhotoMessages.tooLarge))
  async extractTraits(
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
    @UploadedFile() file: UploadedImage,
    @Body() body: { imageUrl?: unknown } | undefined,
  ) {
    const multipart = Boolean(req.is('multipart/form-data'));
    const photo = multipart ? await this.store(caller.userId, file) : await this.fromUrl(caller.userId, body?.imageUrl);
    const analysed = await this.updates.waitForAnalysis(photo.id, caller.userId, ExtractTraitsWaitMs);
    if (analysed.status === 'failed') fail(ErrorCode.Unavailable, PhotoMessages.analysisFailed);
    if (analysed.status === 'analyzing') fail(ErrorCode.Unavailable, `${PhotoMessages.analysisFailed}: the photo is still being analyzed, try again shortly`);
    const view = toPhotoView(analysed);
    return { ...view, photoId: view.id, traits: multipart ? view.traits : joinTraits(view.traits) };
  }

  private async store(userId: string, file: UploadedImage): Promise<Photo> {
    if (!file?.buffer?.length) throw new BadRequestException(PhotoMessages.invalidType);
    return this.register(userId, file.buffer);
  }

  private async register(userId: string, bytes: Buffer): Promise<Photo> {
    const id = stablePhotoId(userId, bytes);
    const known = await this.bus.send('images.photo.get', { id, userId }).catch(() => null);
    if (known) return known;
    const photo = await checkedImage(() => preparePhoto(bytes));
    const key = StorageKeys.photo(userId, id);
    await this.storage.put(key, photo.data, photo.contentType);
    return this.bus.send('images.photo.register', { userId, id, key, width: photo.width, height: photo.height });
  }

  /** A photo this member uploaded, or their avatar (analysed as a photo); never anyone else's. */
  private async fromUrl(userId: string, imageUrl: unknown): Promise<Photo> {
    const url = typeof imageUrl === 'string' ? imageUrl.trim() : '';
    const photo = PhotoUrls.pattern.exec(url);
    if (photo) return this.bus.send('images.photo.get', { id: photo[1].toLowerCase(), userId });
    const avatar = AvatarUrls.pattern.exec(url.replace(/^https?:\/\/[^/]+/i, ''));
    if (avatar && avatar[1] === userId) {
      const bytes = await this.storage.get(StorageKeys.avatar(userId, avatar[2])).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError) throw new NotFoundException(PhotoMessages.notFound);
        throw error;
      });
      return this.register(userId, bytes);
    }
    throw new BadRequestException('imageUrl must be a photo you uploaded to TrendForge (POST /api/photos)');
  }
}
