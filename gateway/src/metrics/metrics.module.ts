import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, ForbiddenException, Get, Module, Req, Res, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, Response } from 'express';
import { graphqlOperationSeconds, httpRequestSeconds, metricsAnswer } from '@trendforge/platform';

/** The gateway's metrics: under /api so the SPA's page fallback leaves it alone. */
export const GatewayMetricsPath = '/api/metrics';

/** The route an answered request matched (its pattern, never the raw URL: bounded label values). */
function routeOf(req: IncomingMessage): string {
  const express = req as Partial<Request>;
  const route = express.route as { path?: unknown } | undefined;
  if (typeof route?.path === 'string') return `${express.baseUrl ?? ''}${route.path}`;
  return 'other';
}

/** Times every HTTP request the gateway's server answers (Express's, Nest's and the fast lane's). */
export function observeHttp(req: IncomingMessage, res: ServerResponse): void {
  const stop = httpRequestSeconds.startTimer({ method: req.method ?? 'GET' });
  res.once('finish', () => stop({ route: routeOf(req), status: String(res.statusCode) }));
}

/** Apollo plugin timing each operation; an operation answering errors counts as outcome="error". */
export const graphQLMetricsPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    const stop = graphqlOperationSeconds.startTimer();
    return {
      async willSendResponse({ operationName, operation, errors }) {
        stop({
          // Unnamed operations and ones that did not parse share a label: names come from clients.
          operation: operation && operationName && /^\w{1,64}$/.test(operationName) ? operationName : 'anonymous',
          type: operation?.operation ?? 'invalid',
          outcome: errors?.length ? 'error' : 'ok',
        });
      },
    };
  },
};

/** Private, loopback and link-local networks: where Prometheus scrapes from inside the cluster or compose network. */
const internalNetworks = new BlockList();
for (const [network, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['127.0.0.0', 8], ['169.254.0.0', 16]] as const) {
  internalNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) internalNetworks.addSubnet(network, prefix, 'ipv6');

/**
 * Who may read the gateway's metrics (its port is public, unlike the health ports): with
 * METRICS_TOKEN set, callers presenting it as a bearer token; without it, callers on an internal
 * network that did not come through a proxy (no X-Forwarded-For).
 */
export function mayReadMetrics(headers: IncomingMessage['headers'], remoteAddress: string | undefined, token = process.env.METRICS_TOKEN): boolean {
  if (token) {
    const presented = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1] ?? '';
    const digest = (value: string) => createHash('sha256').update(value).digest();
    return timingSafeEqual(digest(presented), digest(token));
  }
  if (headers['x-forwarded-for'] || !remoteAddress) return false;
  const address = remoteAddress.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(address);
  return family !== 0 && internalNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

@Controller()
export class MetricsController {
  @Get(GatewayMetricsPath.slice(1))
  async metrics(@Req() req: Request, @Res() res: Response) {
    if (!mayReadMetrics(req.headers, req.socket.remoteAddress)) throw new ForbiddenException('Metrics are for monitoring only');
    const { contentType, body } = await metricsAnswer();
    res.setHeader('cache-control', 'no-store');
    res.type(contentType).send(body);
  }
}

/** The gateway's Prometheus metrics: HTTP and GraphQL latency beside the platform's (bus, queues, process). */
@Module({ controllers: [MetricsController] })
export class GatewayMetricsModule implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap() {
    // A listener beside the framework's: it sees the requests the catalogue's fast lane answers too.
    (this.adapterHost.httpAdapter.getHttpServer() as Server).on('request', observeHttp);
  }
}
