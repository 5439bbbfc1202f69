import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Allow } from 'class-validator';
import { Bus } from '@trendforge/platform';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { Sessions } from '../../common/session.js';

// Passed through as sent: the rules, limits and their messages (spec part 1 section 5) live in the auth service.
export class LoginBody {
  @Allow() email: string;
  @Allow() password: string;
}
export class RegisterBody extends LoginBody {
  @Allow() username: string;
}

/** GET /api/auth/me, POST /api/auth/register, /login, /logout (spec part 1 section 7). */
@Controller('api/auth')
export class AuthController {
  constructor(private readonly bus: Bus, private readonly sessions: Sessions, private readonly members: Members) {}

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

  @Post('register')
  async register(@Body() body: RegisterBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    const { user, sessionToken } = await this.bus.send('auth.register', { username: body.username, email: body.email, password: body.password, ip: req.ip });
    this.sessions.start(res, sessionToken);
    return this.members.get(user.id);
  }

  @Post('login')
  @HttpCode(200)
  async login(@Body() body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    const { user, sessionToken } = await this.bus.send('auth.login', { email: body.email, password: body.password, ip: req.ip });
    this.sessions.start(res, sessionToken);
    return this.members.get(user.id);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const sessionToken = this.sessions.tokenFrom(req.headers.cookie);
    if (sessionToken) await this.bus.send('auth.logout', { sessionToken });
    this.sessions.clear(res);
  }
}
