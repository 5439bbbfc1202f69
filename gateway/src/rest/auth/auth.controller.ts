import { Body, Controller, Get, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { Sessions } from '../../common/session.js';

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
  register(@Body() body: RegisterBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    return this.sessions.signIn(res, 'auth.register', { username: body.username, email: body.email, password: body.password, ref: body.ref, ip: req.ip });
  }

  @Post('login')
  @HttpCode(200)
  login(@Body() body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<User> {
    return this.sessions.signIn(res, 'auth.login', { email: body.email, password: body.password, ip: req.ip });
  }

  @Post('logout')
  @HttpCode(204)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.sessions.signOut(req, res);
  }
}
