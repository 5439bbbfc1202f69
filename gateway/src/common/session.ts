import {
  createParamDecorator, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate,
} from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { parseCookie as parseCookies } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';
import type { MessageRequest, User } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { Members } from '../clients/members.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { SessionCache } from './session-cache.js';

export const SessionCookie = 'tf_session';
/**
 * A readable marker next to the httpOnly session cookie, so the SPA can tell "maybe signed in" from
 * "certainly a visitor" without a request (no 401 for every visitor). It grants nothing: every
 * read and write is still authorised by the session cookie alone.
 */
export const MemberMarkerCookie = 'tf_member';

type CookieConfig = Pick<GatewayConfig, 'COOKIE_SECURE' | 'SESSION_TTL_SECONDS'>;

/**
 * The session cookie lives as long as a session; the member marker shares its options but is readable.
 * Secure when configured (the default in production) and whenever the request came over TLS
 * (`req.secure`: directly, or a trusted proxy's X-Forwarded-Proto).
 */
const sessionCookieOptions = (res: Response, config: CookieConfig): CookieOptions =>
  ({ httpOnly: true, sameSite: 'lax', secure: config.COOKIE_SECURE || res.req.secure, path: '/', maxAge: config.SESSION_TTL_SECONDS * 1000 });

export function setMemberMarker(res: Response, config: CookieConfig): void {
  res.cookie(MemberMarkerCookie, '1', { ...sessionCookieOptions(res, config), httpOnly: false });
}

export function clearMemberMarker(res: Response, config: CookieConfig): void {
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(res, config);
  res.clearCookie(MemberMarkerCookie, { ...options, httpOnly: false });
}

/** What the gateway knows of the caller after reading the session cookie. */
export interface Caller {
  userId: string;
  sessionToken: string;
}
type RequestWithCaller = Request & { caller?: Caller | null };

/**
 * Reads the session cookie and asks auth who it belongs to (auth slides the expiry; the answer is
 * kept a few seconds: session-cache.ts); signs members in and out for REST and GraphQL alike.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly bus: Bus,
    private readonly members: Members,
    private readonly cache: SessionCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  tokenFrom(cookieHeader: string | undefined): string | null {
    if (!cookieHeader) return null;
    return parseCookies(cookieHeader)[SessionCookie] || null;
  }

  async resolve(req: RequestWithCaller): Promise<Caller | null> {
    if (req.caller !== undefined) return req.caller;
    const sessionToken = this.tokenFrom(req.headers.cookie);
    const session = sessionToken ? await this.cache.resolve(sessionToken, () => this.bus.send('auth.session', { sessionToken })) : null;
    req.caller = session && sessionToken ? { userId: session.userId, sessionToken } : null;
    return req.caller;
  }

  /** Register or log in (auth checks the form), set the session cookies and answer the member. */
  async signIn<P extends 'auth.register' | 'auth.login'>(
    req: Request, res: Response, pattern: P, form: Omit<MessageRequest<P>, 'ip' | 'device'>,
  ): Promise<User> {
    const request = { ...form, ip: req.ip, device: req.headers['user-agent'] ?? '' } as MessageRequest<P>;
    const { user, sessionToken } = await this.bus.send(pattern, request);
    this.cache.started(sessionToken, user.id);
    this.start(res, sessionToken);
    return this.members.get(user.id);
  }

  /** Ends the session the cookie names, if any, and drops the cookies. */
  async signOut(req: Request, res: Response): Promise<void> {
    const sessionToken = this.tokenFrom(req.headers.cookie);
    if (sessionToken) {
      await this.bus.send('auth.logout', { sessionToken });
      this.cache.endedToken(sessionToken);
    }
    this.clear(res);
  }

  /** The caller's sessions (settings page); null when the cookie names no live session. */
  async list(req: Request) {
    const sessionToken = this.tokenFrom(req.headers.cookie);
    return sessionToken ? this.bus.send('auth.sessions', { sessionToken }) : null;
  }

  /** "Sign out everywhere else": auth ends the others and announces each end (every replica closes their sockets). */
  async endOthers(req: Request) {
    const sessionToken = this.tokenFrom(req.headers.cookie);
    return sessionToken ? this.bus.send('auth.logoutOthers', { sessionToken }) : null;
  }

  private start(res: Response, sessionToken: string) {
    res.cookie(SessionCookie, sessionToken, sessionCookieOptions(res, this.config));
    setMemberMarker(res, this.config);
  }

  clear(res: Response) {
    const { maxAge: _maxAge, ...options } = sessionCookieOptions(res, this.config);
    res.clearCookie(SessionCookie, options);
    clearMemberMarker(res, this.config);
  }
}

export function requestOf(context: ExecutionContext): RequestWithCaller {
  return context.getType<string>() === 'graphql'
    ? GqlExecutionContext.create(context).getContext<{ req: RequestWithCaller }>().req
    : context.switchToHttp().getRequest<RequestWithCaller>();
}

/** Lets only signed-in members through (REST and GraphQL alike). */
@Injectable()
export class MemberGuard implements CanActivate {
  constructor(private readonly sessions: Sessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = await this.sessions.resolve(requestOf(context));
    if (!caller) throw new UnauthorizedException('Authentication Required');
    return true;
  }
}

/** Lets only signed-in members whose billing role is admin through (401 signed out, 403 otherwise). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly sessions: Sessions, private readonly members: Members) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = await this.sessions.resolve(requestOf(context));
    if (!caller) throw new UnauthorizedException('Authentication Required');
    if ((await this.members.roleOf(caller.userId)) !== 'admin') throw new ForbiddenException('Only admins may do this');
    return true;
  }
}

/** The signed-in caller; use behind MemberGuard. */
export const CurrentCaller = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const caller = requestOf(context).caller;
  if (!caller) throw new UnauthorizedException('Authentication Required');
  return caller;
});
