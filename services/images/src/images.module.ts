import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceInfrastructure, STORAGE, StorageModule, type ObjectStorage } from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import { CreationsService } from './creations.service.js';
import { imagesDatabase } from './database.js';
import { CreationEntity, GenerationEntity, PhotoEntity, ShareLinkEntity } from './entities.js';
import { generationQueueProvider, GenerationQueueWatch } from './generation-queue.js';
import { GenerationsService } from './generations.service.js';
import { Housekeeping } from './housekeeping.js';
import { ImagesHandlers } from './images.handlers.js';
import { PhotosService, traitsQueueProvider } from './photos.service.js';
import { QueueDepthController } from './queue-depth.controller.js';
import { imagesRepositories } from './repositories/index.js';
import { ShareLinksService } from './share-links.service.js';
import { GenerationSweeper } from './sweeper.js';
import { TrendCache } from './trend-cache.js';

@Module({})
export class ImagesModule {
  static forRoot(config: ImagesConfig): DynamicModule {
    return {
      module: ImagesModule,
      imports: [
        ...serviceInfrastructure({
          service: 'images',
          databaseUrl: config.DATABASE_URL,
          redisUrl: config.REDIS_URL,
          natsUrl: config.NATS_URL,
          database: imagesDatabase,
          extraProbes: { inject: [STORAGE], probes: (storage: ObjectStorage) => [{ name: 'storage', check: () => storage.ping() }] },
        }),
        StorageModule.forRoot(config),
        TypeOrmModule.forFeature([GenerationEntity, CreationEntity, PhotoEntity, ShareLinkEntity]),
      ],
      controllers: [ImagesHandlers, QueueDepthController],
      providers: [
        ...imagesRepositories,
        GenerationsService, CreationsService, PhotosService, ShareLinksService, { provide: IMAGES_CONFIG, useValue: config },
        generationQueueProvider(config.REDIS_URL), traitsQueueProvider(config.REDIS_URL), GenerationQueueWatch, GenerationSweeper, Housekeeping, TrendCache,
      ],
    };
  }
}
