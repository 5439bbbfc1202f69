import { Body, Controller, Delete, Get, Inject, NotFoundException, Param, ParseEnumPipe, ParseUUIDPipe, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { IsOptional, IsString, IsUUID } from 'class-validator';
import { ErrorCode, type Creation, type CreationFileVariant, type ImageView } from '@trendforge/contracts';
import { Bus, fail, RenderJobs, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { toImageView } from '../../clients/views.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { downloadName, ExportRenderer } from './export.js';

const uuid = new ParseUUIDPipe({ version: '4', errorHttpStatusCode: 404, exceptionFactory: () => new NotFoundException('Image Not Found') });

export class SaveImageBody {
  @IsString() generatedImage: string;
  @IsOptional() @IsString() originalImage?: string;
  @IsOptional() @IsString() trendId?: string;
  @IsOptional() @IsString() prompt?: string;
  @IsOptional() @IsUUID('4') id?: string;
}

const fileKey = (creation: Creation, variant: CreationFileVariant) =>
  ({ result: creation.resultKey, thumbnail: creation.thumbnailKey, original: creation.originalKey })[variant];

/** A member's creations; every call is scoped to the caller (another's image is "not found"). */
@Controller('api/images')
@UseGuards(MemberGuard)
export class ImagesController {
  private readonly exports: ExportRenderer;

  constructor(private readonly bus: Bus, @Inject(STORAGE) private readonly storage: ObjectStorage, renders: RenderJobs) {
    this.exports = new ExportRenderer(renders);
  }

  @Get()
  async list(@CurrentCaller() caller: Caller): Promise<ImageView[]> {
    return (await this.bus.send('images.list', { userId: caller.userId })).map(toImageView);
  }

  /**
   * Save (spec part 2 section 7). Every completed generation is already in the gallery, so this is
   * idempotent and accepts only an image this member generated.
   */
  @Post()
  async save(@CurrentCaller() caller: Caller, @Body() body: SaveImageBody): Promise<ImageView> {
    const id = body.id ?? /\/api\/images\/([0-9a-f-]{36})\//.exec(body.generatedImage)?.[1];
    if (!id) fail(ErrorCode.BadRequest, 'Only images generated here can be saved');
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @Post(':id/favorite')
  async favorite(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.favorite', { id, userId: caller.userId }));
  }

  @Delete(':id')
  async delete(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<{ deleted: true }> {
    return this.bus.send('images.delete', { id, userId: caller.userId });
  }

  /**
   * Download as an attachment, only for its owner: the stored result, or with `size=4k` the
   * creation rendered again at 3840 px on its long side by generation-worker (see ExportRenderer).
   */
  @Get(':id/download')
  async download(
    @CurrentCaller() caller: Caller,
    @Param('id', uuid) id: string,
    @Query('size') size: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const wants4k = size !== undefined && size !== '';
    if (wants4k && size.toLowerCase() !== '4k') fail(ErrorCode.BadRequest, 'size must be 4k or left out');
    const creation = await this.bus.send('images.get', { id, userId: caller.userId });
    const key = wants4k ? await this.exports.export4k(creation, () => this.bus.send('images.renderInputs', { id, userId: caller.userId })) : creation.resultKey;
    const object = await this.storage.stream(key);
    res.set({
      'content-type': object.contentType,
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="${downloadName(creation, object.contentType, wants4k ? '-4k' : '')}"`,
      'cache-control': 'private, no-cache',
      'x-content-type-options': 'nosniff',
    });
    object.stream.pipe(res);
  }

  /** The file itself, only for its owner; private caching because the URL is the same for everyone. */
  @Get(':id/file/:variant')
  async file(
    @CurrentCaller() caller: Caller,
    @Param('id', uuid) id: string,
    @Param('variant', new ParseEnumPipe(['result', 'thumbnail', 'original'])) variant: CreationFileVariant,
    @Res() res: Response,
  ): Promise<void> {
    const creation = await this.bus.send('images.get', { id, userId: caller.userId });
    const key = fileKey(creation, variant);
    if (!key) fail(ErrorCode.NotFound, 'Image Not Found');
    const object = await this.storage.stream(key);
    res.set({
      'content-type': object.contentType,
      'content-length': String(object.size),
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    object.stream.pipe(res);
  }
}
