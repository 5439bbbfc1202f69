import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { MessageRequest } from '@trendforge/contracts';
import { Handles } from '@trendforge/platform';
import { CreationsService } from './creations.service.js';
import { GenerationsService } from './generations.service.js';
import { PhotosService } from './photos.service.js';
import { ShareLinksService } from './share-links.service.js';

@Controller()
export class ImagesHandlers {
  constructor(
    private readonly generations: GenerationsService,
    private readonly creations: CreationsService,
    private readonly photos: PhotosService,
    private readonly shareLinks: ShareLinksService,
  ) {}

  @Handles('images.generation.request')
  request(@Payload() req: MessageRequest<'images.generation.request'>) {
    return this.generations.request(req);
  }

  @Handles('images.generation.get')
  getGeneration(@Payload() { id, userId }: MessageRequest<'images.generation.get'>) {
    return this.generations.get(id, userId);
  }

  @Handles('images.generation.started')
  started(@Payload() { id }: MessageRequest<'images.generation.started'>) {
    return this.generations.started(id);
  }

  @Handles('images.generation.completed')
  completed(@Payload() done: MessageRequest<'images.generation.completed'>) {
    return this.generations.completed(done);
  }

  @Handles('images.admin.failed')
  adminFailed(@Payload() { limit }: MessageRequest<'images.admin.failed'>) {
    return this.generations.failedList(limit);
  }

  @Handles('images.generation.failed')
  failed(@Payload() { id, reason }: MessageRequest<'images.generation.failed'>) {
    return this.generations.failed(id, reason);
  }

  @Handles('images.list')
  list(@Payload() { userId, limit }: MessageRequest<'images.list'>) {
    return this.creations.list(userId, limit);
  }

  @Handles('images.page')
  page(@Payload() query: MessageRequest<'images.page'>) {
    return this.creations.page(query);
  }

  @Handles('images.getMany')
  getMany(@Payload() { ids, userId }: MessageRequest<'images.getMany'>) {
    return this.creations.getMany(ids, userId);
  }

  @Handles('images.shareLink.create')
  createShareLink(@Payload() { id, userId }: MessageRequest<'images.shareLink.create'>) {
    return this.shareLinks.create(id, userId);
  }

  @Handles('images.shareLink.get')
  getShareLink(@Payload() { id, userId }: MessageRequest<'images.shareLink.get'>) {
    return this.shareLinks.get(id, userId);
  }

  @Handles('images.shareLink.revoke')
  revokeShareLink(@Payload() { id, userId }: MessageRequest<'images.shareLink.revoke'>) {
    return this.shareLinks.revoke(id, userId);
  }

  @Handles('images.shareLink.resolve')
  resolveShareLink(@Payload() { token }: MessageRequest<'images.shareLink.resolve'>) {
    return this.shareLinks.resolve(token);
  }

  @Handles('images.get')
  get(@Payload() { id, userId }: MessageRequest<'images.get'>) {
    return this.creations.get(id, userId);
  }

  @Handles('images.favorite')
  favorite(@Payload() { id, userId }: MessageRequest<'images.favorite'>) {
    return this.creations.toggleFavorite(id, userId);
  }

  @Handles('images.renderInputs')
  renderInputs(@Payload() { id, userId }: MessageRequest<'images.renderInputs'>) {
    return this.generations.renderInputs(id, userId);
  }

  @Handles('images.delete')
  delete(@Payload() { id, userId }: MessageRequest<'images.delete'>) {
    return this.creations.delete(id, userId);
  }

  @Handles('images.photo.register')
  registerPhoto(@Payload() req: MessageRequest<'images.photo.register'>) {
    return this.photos.register(req);
  }

  @Handles('images.photo.get')
  getPhoto(@Payload() { id, userId }: MessageRequest<'images.photo.get'>) {
    return this.photos.get(id, userId);
  }

  @Handles('images.photo.analysed')
  photoAnalysed(@Payload() { id, result }: MessageRequest<'images.photo.analysed'>) {
    return this.photos.analysed(id, result);
  }
}
