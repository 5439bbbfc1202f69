import { Module } from '@nestjs/common';
import { PreviewsController } from './previews.controller.js';

/** The trend preview image paths (Bus and storage come from the gateway's global modules). */
@Module({ controllers: [PreviewsController] })
export class PreviewsModule {}
