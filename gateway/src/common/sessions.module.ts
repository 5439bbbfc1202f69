import { type DynamicModule, Global, Module } from '@nestjs/common';
import { Members } from '../clients/members.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { Sessions } from './session.js';
import { SessionCache } from './session-cache.js';
import { SocketSessions } from './socket-sessions.js';

/** Who the caller is, one instance for the whole gateway (its session cache included): every module's guards and handlers share it. */
@Global()
@Module({})
export class SessionsModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: SessionsModule,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, Sessions, SessionCache, SocketSessions, Members],
      exports: [Sessions, SessionCache, SocketSessions, Members],
    };
  }
}
