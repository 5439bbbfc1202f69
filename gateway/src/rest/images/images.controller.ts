import { Body, Controller, Delete, Get, Inject, NotFoundException, Param, ParseEnumPipe, ParseUUIDPipe, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import {
  ErrorCode, Export4kRefusal, Export4kRoles, PageQueryMessages, ShareUrls,
  type Creation, type CreationFileVariant, type ImagePageView, type ImageView, type ShareLink, type ShareLinkView,
} from '@trendforge/contracts';
import { Bus, fail, RenderJobs, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { Members } from '../../clients/members.js';
import { toImageView } from '../../clients/views.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { archiveIds, streamArchive } from './archive.js';
import { downloadName, ExportRenderer } from './export.js';
import { DeletedView, ImagePageViewDto, ImageViewDto, RevokedView, ShareLinkViewDto } from '../views.js';

const uuid = new ParseUUIDPipe({ version: '4', errorHttpStatusCode: 404, exceptionFactory: () => new NotFoundException('Image Not Found') });

export class SaveImageBody {
  @ApiProperty() @IsString() generatedImage: string;
  @ApiPropertyOptional() @IsOptional() @IsString() originalImage?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() trendId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() prompt?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'The completed generation this creation is.' }) @IsOptional() @IsUUID('4') id?: string;
}

/** GET /api/images/page: the strings as sent; the images service checks what they mean. */
export class ImagePageQuery {
  @ApiPropertyOptional({ pattern: '^\\d{1,6}$' })
  @IsOptional() @Matches(/^\d{1,6}$/, { message: PageQueryMessages.limit }) limit?: string;
  @ApiPropertyOptional({ description: 'The previous page\'s nextCursor.' }) @IsOptional() @IsString() cursor?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() trendId?: string;
  @ApiPropertyOptional({ enum: ['true', 'false', ''] })
  @IsOptional() @IsIn(['true', 'false', ''], { message: PageQueryMessages.favorites }) favorites?: string;
  @ApiPropertyOptional({ description: 'A date as YYYY-MM-DD.' }) @IsOptional() @IsString() from?: string;
  @ApiPropertyOptional({ description: 'A date as YYYY-MM-DD.' }) @IsOptional() @IsString() to?: string;
}

const toShareLinkView = (link: ShareLink): ShareLinkView => ({ token: link.token, url: ShareUrls.page(link.token) });

const fileKey = (creation: Creation, variant: CreationFileVariant) =>
  ({ result: creation.resultKey, thumbnail: creation.thumbnailKey, original: creation.originalKey })[variant];

/** A member's creations; every call is scoped to the caller (another's image is "not found"). */
@Controller('api/images')
@UseGuards(MemberGuard)
export class ImagesController {
  private readonly exports: ExportRenderer;

  constructor(
    private readonly bus: Bus,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    renders: RenderJobs,
    private readonly members: Members,
  ) {
    this.exports = new ExportRenderer(renders);
  }

  @ApiOkResponse({ type: [ImageViewDto] })
  @Get()
  async list(@CurrentCaller() caller: Caller): Promise<ImageView[]> {
    return (await this.bus.send('images.list', { userId: caller.userId })).map(toImageView);
  }

  /** The gallery, a page at a time (newest first, keyset): declared before the `:id` routes. */
  @ApiOkResponse({ type: ImagePageViewDto })
  @Get('page')
  async page(@CurrentCaller() caller: Caller, @Query() query: ImagePageQuery): Promise<ImagePageView> {
    const page = await this.bus.send('images.page', {
      userId: caller.userId,
      limit: query.limit ? Number(query.limit) : undefined,
      cursor: query.cursor || undefined,
      trendId: query.trendId || undefined,
      favoritesOnly: query.favorites === 'true',
      from: query.from || undefined,
      to: query.to || undefined,
    });
    return { items: page.items.map(toImageView), nextCursor: page.nextCursor };
  }

  /**
   * The chosen creations (1 to 100, the caller's own) as one streamed ZIP of their PNGs. Every id
   * is checked before the first byte goes out: another member's id is "not found" and nothing is sent.
   */
  @Get('archive')
  async archive(@CurrentCaller() caller: Caller, @Query('ids') ids: unknown, @Res() res: Response): Promise<void> {
    const creations = await this.bus.send('images.getMany', { ids: archiveIds(ids), userId: caller.userId });
    await streamArchive(creations, this.storage, res);
  }

  /**
   * Save (spec part 2 section 7). Every completed generation is already in the gallery, so this is
   * idempotent and accepts only an image this member generated.
   */
  @ApiCreatedResponse({ type: ImageViewDto })
  @Post()
  async save(@CurrentCaller() caller: Caller, @Body() body: SaveImageBody): Promise<ImageView> {
    const id = body.id ?? /\/api\/images\/([0-9a-f-]{36})\//.exec(body.generatedImage)?.[1];
    if (!id) fail(ErrorCode.BadRequest, 'Only images generated here can be saved');
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @ApiOkResponse({ type: ImageViewDto })
  @Get(':id')
  async get(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.get', { id, userId: caller.userId }));
  }

  @ApiCreatedResponse({ type: ImageViewDto })
  @Post(':id/favorite')
  async favorite(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ImageView> {
    return toImageView(await this.bus.send('images.favorite', { id, userId: caller.userId }));
  }

  @ApiOkResponse({ type: DeletedView })
  @Delete(':id')
  async delete(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<{ deleted: true }> {
    return this.bus.send('images.delete', { id, userId: caller.userId });
  }

  /**
   * Download as an attachment, only for its owner: the stored result, or with `size=4k` the
   * creation rendered again at 3840 px on its long side by generation-worker (see ExportRenderer).
   */
  @ApiQuery({ name: 'size', required: false, enum: ['4k'], description: 'Render it again at 3840 px (basic and above).' })
  @ApiOkResponse({ description: 'The PNG, as an attachment named by Content-Disposition.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
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
    // The plan comes from billing, the only writer of roles; checked after ownership, so a stranger still learns nothing.
    if (wants4k && !Export4kRoles.includes(await this.members.roleOf(caller.userId))) fail(ErrorCode.Forbidden, Export4kRefusal);
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

  /** The creation's public link: its active one, else a new one (owner only; rate-limited by the images service). */
  @ApiCreatedResponse({ type: ShareLinkViewDto })
  @Post(':id/share-link')
  async createShareLink(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ShareLinkView> {
    return toShareLinkView(await this.bus.send('images.shareLink.create', { id, userId: caller.userId }));
  }

  @ApiOkResponse({ type: ShareLinkViewDto })
  @Get(':id/share-link')
  async getShareLink(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<ShareLinkView> {
    return toShareLinkView(await this.bus.send('images.shareLink.get', { id, userId: caller.userId }));
  }

  @ApiOkResponse({ type: RevokedView })
  @Delete(':id/share-link')
  async revokeShareLink(@CurrentCaller() caller: Caller, @Param('id', uuid) id: string): Promise<{ revoked: true }> {
    return this.bus.send('images.shareLink.revoke', { id, userId: caller.userId });
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
