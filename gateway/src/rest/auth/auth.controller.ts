import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiCreatedResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { SessionSummary, User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { MemberGuard, Sessions } from '../../common/session.js';
import { SessionsEndedView, UserView } from '../views.js';

export class SessionView implements SessionSummary {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'The User-Agent the session began with.' }) device: string;
  @ApiProperty({ description: 'The session of this request.' }) current: boolean;
}

// Passed through as sent: the rules, limits and their messages (spec part 1 section 5) live in the auth service.
export class LoginBody {
  @ApiProperty({ format: 'email' }) @Allow() email: string;
  @ApiProperty({ format: 'password' }) @Allow() password: string;
}
export class RegisterBody extends LoginBody {
  @ApiProperty() @Allow() username: string;
  /** The referral code of the link the visitor came through (?ref=); optional. */
  @ApiPropertyOptional({ description: 'The referral code of the link the visitor came through (?ref=).' }) @Allow() ref?: string;
}

/** GET /api/auth/me, POST /api/auth/register, /login, /logout (spec part 1 section 7). */
@Controller('api/auth')
export class AuthController {
  constructor(private readonly sessions: Sessions, private readonly members: Members) {}

  @ApiOkResponse({ type: UserView })
  @Get('me')
  async me(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    const caller = await this.sessions.resolve(req);
    if (!caller) {
      // A stale session: drop it and the SPA's member marker, so the next visit skips this call.
      if (req.headers.cookie) this.sessions.clear(res);
      throw new UnauthorizedException('Not signed in');
    }
    return this.members.get(caller.userId);
  }

  @ApiCreatedResponse({ type: UserView })
  @Post('register')
  register(@Body() body: RegisterBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    return this.sessions.signIn(req, res, 'auth.register', { username: body.username, email: body.email, password: body.password, ref: body.ref });
  }

  @ApiOkResponse({ type: UserView })
  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    return this.sessions.signIn(req, res, 'auth.login', { email: body.email, password: body.password });
  }

  @Post('logout')
  @HttpCode(204)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }

  /** The member's signed-in sessions, this one first. */
  @Get('sessions')
  @UseGuards(MemberGuard)
  @ApiOkResponse({ type: [SessionView] })
  async list(@Req() req: Request): Promise<SessionSummary[]> {
    const sessions = await this.sessions.list(req);
    if (!sessions) throw new UnauthorizedException('Authentication Required');
    return sessions;
  }

  /** Signs out every other session of the member; their open sockets close too. */
  @ApiOkResponse({ type: SessionsEndedView })
  @Post('sessions/end-others')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async endOthers(@Req() req: Request): Promise<{ ended: number }> {
    const ended = await this.sessions.endOthers(req);
    if (!ended) throw new UnauthorizedException('Authentication Required');
    return ended;
  }
}
