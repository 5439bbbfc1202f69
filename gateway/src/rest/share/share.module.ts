import { Module } from '@nestjs/common';
import { ShareController } from './share.controller.js';

/** The public share pages at /s/:token (Bus and storage come from the gateway's global modules). */
@Module({ controllers: [ShareController] })
export class ShareModule {}
