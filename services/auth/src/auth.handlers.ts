import { Controller, UsePipes } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, type GenerationCompletedEvent, type MessageRequest } from '@trendforge/contracts';
import { Handles, OnEvent } from '@trendforge/platform';
import { AuthService } from './auth.service.js';
import { Referrals } from './referrals.js';
import { RefuseControlCharacters } from './plain-text.js';

@Controller()
@UsePipes(RefuseControlCharacters)
export class AuthHandlers {
  constructor(private readonly auth: AuthService, private readonly referrals: Referrals) {}

  @Handles('auth.register')
  register(@Payload() request: MessageRequest<'auth.register'>) {
    return this.auth.register(request);
  }

  @Handles('auth.login')
  login(@Payload() request: MessageRequest<'auth.login'>) {
    return this.auth.login(request);
  }

  @Handles('auth.logout')
  logout(@Payload() { sessionToken }: MessageRequest<'auth.logout'>) {
    return this.auth.logout(sessionToken);
  }

  @Handles('auth.sessions')
  sessions(@Payload() { sessionToken }: MessageRequest<'auth.sessions'>) {
    return this.auth.listSessions(sessionToken);
  }

  @Handles('auth.logoutOthers')
  logoutOthers(@Payload() { sessionToken }: MessageRequest<'auth.logoutOthers'>) {
    return this.auth.logoutOthers(sessionToken);
  }

  @Handles('auth.session')
  session(@Payload() { sessionToken }: MessageRequest<'auth.session'>) {
    return this.auth.session(sessionToken);
  }

  @Handles('auth.admin.search')
  search(@Payload() request: MessageRequest<'auth.admin.search'>) {
    return this.auth.search(request);
  }

  @Handles('auth.user')
  user(@Payload() { userId }: MessageRequest<'auth.user'>) {
    return this.auth.user(userId);
  }

  @Handles('auth.updateProfile')
  updateProfile(@Payload() request: MessageRequest<'auth.updateProfile'>) {
    return this.auth.updateProfile(request);
  }

  @Handles('auth.referrer')
  referrer(@Payload() { code }: MessageRequest<'auth.referrer'>) {
    return this.referrals.memberWithCode(code);
  }

  /** A referral is paid at the new account's first completed generation (referrals.ts). */
  @OnEvent(Events.generationCompleted)
  async generationCompleted({ userId }: GenerationCompletedEvent) {
    await this.referrals.firstGenerationCompleted(userId);
  }

  @Handles('auth.completeOnboarding')
  completeOnboarding(@Payload() request: MessageRequest<'auth.completeOnboarding'>) {
    return this.auth.completeOnboarding(request);
  }
}
