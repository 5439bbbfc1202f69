import type { IncomingMessage } from 'node:http';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sessionTokenDigest } from '@trendforge/platform';
import { Sessions } from './session.js';
import { SessionCache } from './session-cache.js';

/** How often every open socket's session is checked again, besides on each subscribe and on every end heard. */
export const SocketRecheckMs = 60_000;
/** The close code a socket gets when its session ended or was never there any more (graphql-ws leaves 4400–4499 to applications). */
export const SessionEndedCloseCode = 4401;

interface OpenSocket {
  request: IncomingMessage & { caller?: unknown };
  close(code: number, reason: string): void;
}

/**
 * The graphql-ws sockets open on this replica, by the session their upgrade request carried. A socket
 * holds no identity of its own: its caller is resolved again on every subscribe (the request's
 * cached caller is dropped), and the socket is closed when its session ends — at once when this
 * replica hears `session.ended` (logout, "sign out everywhere else", from any replica), and within
 * SocketRecheckMs when a notice was lost or the session expired.
 */
@Injectable()
export class SocketSessions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SocketSessions.name);
  private readonly bySession = new Map<string, Set<OpenSocket>>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly sessions: Sessions, private readonly cache: SessionCache) {}

  onApplicationBootstrap() {
    this.cache.whenEnded((digest) => this.closeSession(digest), () => void this.recheck());
    this.timer = setInterval(() => void this.recheck(), SocketRecheckMs).unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  /** A socket opened: watched while it has a session cookie. Answers what to call when it closes. */
  opened(socket: OpenSocket): () => void {
    const token = this.sessions.tokenFrom(socket.request.headers.cookie);
    if (!token) return () => undefined;
    const digest = sessionTokenDigest(token);
    let open = this.bySession.get(digest);
    if (!open) this.bySession.set(digest, (open = new Set()));
    open.add(socket);
    return () => {
      open.delete(socket);
      if (open.size === 0 && this.bySession.get(digest) === open) this.bySession.delete(digest);
    };
  }

  /** Before each subscribe: the caller is looked up again (a few seconds' cache at most, dropped on every end heard). */
  forgetCaller(request: IncomingMessage & { caller?: unknown }) {
    request.caller = undefined;
  }

  private closeSession(digest: string) {
    const open = this.bySession.get(digest);
    if (!open) return;
    this.bySession.delete(digest);
    for (const socket of open) socket.close(SessionEndedCloseCode, 'Session ended');
    this.logger.log({ sockets: open.size }, 'closed the sockets of an ended session');
  }

  private async recheck() {
    for (const [digest, open] of [...this.bySession]) {
      const [socket] = open;
      if (!socket) continue;
      this.forgetCaller(socket.request);
      const caller = await this.sessions.resolve(socket.request as Parameters<Sessions['resolve']>[0]).catch(() => undefined);
      if (caller === null) this.closeSession(digest);
    }
  }
}
