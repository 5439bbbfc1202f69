import { type DynamicModule, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';
import { ShareController } from './share.controller.js';

/** The public share pages at /s/:token (Bus and storage come from the gateway's global modules; the public origin from the config). */
@Module({})
export class ShareModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return { module: ShareModule, controllers: [ShareController], providers: [{ provide: GATEWAY_CONFIG, useValue: config }] };
  }
}
