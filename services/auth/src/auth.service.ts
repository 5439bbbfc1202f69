import { Injectable, Logger } from '@nestjs/common';
import {
  AdminListLimit, ErrorCode, Events, isUuid, SessionEndedEvent, type MessageRequest, type MessageResponse, type SessionEnded, type UserProfile, type UserRegisteredEvent,
} from '@trendforge/contracts';
import { Bus, fail, sessionTokenDigest } from '@trendforge/platform';
import { AttemptLimits } from './attempt-limits.js';
import { AuthMessages, PasswordLength, validateLogin, validateProfileSettings, validateRegistration } from './credentials.js';
import { Passwords } from './passwords.js';
import { Referrals } from './referrals.js';
import { UserRepository } from './repositories/index.js';
import { Sessions } from './sessions.js';
import type { UserEntity } from './user.entity.js';

export function toUserProfile(user: UserEntity): UserProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    firstName: user.firstName,
    lastName: user.lastName,
    emailNotifications: user.emailNotifications,
    highQualityGeneration: user.highQualityGeneration,
    hasOnboarded: user.hasOnboarded,
    createdAt: user.createdAt.toISOString(),
    referralCode: user.referralCode,
  };
}

type SignedIn = MessageResponse<'auth.login'>;

/** The User-Agent a session began with, as the member's list shows it. */
const deviceOf = (request: { device?: unknown }) => (typeof request.device === 'string' ? request.device : '');

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly passwords: Passwords,
    private readonly sessions: Sessions,
    private readonly limits: AttemptLimits,
    private readonly bus: Bus,
    private readonly referrals: Referrals,
  ) {}

  async register(request: MessageRequest<'auth.register'>): Promise<SignedIn> {
    const { username, email, password } = validateRegistration(request);
    await this.limits.registrationAttempt(request.ip);

    await this.refuseTaken(email, username);
    const passwordHash = await this.passwords.hash(password);
    const user = await this.insert({ username, email, passwordHash });

    // Billing opens the account from this event, or on first sight when the event is late.
    await this.bus.publish(Events.userRegistered, { userId: user.id } satisfies UserRegisteredEvent, `user.registered:${user.id}`)
      .catch((error) => this.logger.error({ err: error, userId: user.id }, 'user.registered not published'));
    this.logger.log({ userId: user.id }, 'user registered');
    await this.referrals.registeredThrough(request.ref, user);
    await this.limits.signedIn(email, request.ip, { fromLogin: false });
    return { user: toUserProfile(user), sessionToken: await this.sessions.create(user.id, deviceOf(request)) };
  }

  /** The new member, with a fresh referral code; CONFLICT when the email or username is taken meanwhile. */
  private async insert(values: { username: string; email: string; passwordHash: string }): Promise<UserEntity> {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      // A registration racing ours for the same email or username makes the insert add nothing, and
      // the re-check names the conflict; when nothing else clashes it was the referral code, drawn again.
      const user = await this.users.add({ ...values, referralCode: this.referrals.codes() });
      if (user) return user;
      await this.refuseTaken(values.email, values.username);
    }
    fail(ErrorCode.Conflict, AuthMessages.usernameTaken);
  }

  /** CONFLICT when the email or (case-insensitively) the username belongs to someone already. */
  private async refuseTaken(email: string, username: string): Promise<void> {
    const taken = await this.users.holdersOf(email, username);
    if (taken.some((u) => u.email === email)) fail(ErrorCode.Conflict, AuthMessages.emailTaken);
    if (taken.length > 0) fail(ErrorCode.Conflict, AuthMessages.usernameTaken);
  }

  async login(request: MessageRequest<'auth.login'>): Promise<SignedIn> {
    const { email, password } = validateLogin(request);
    await this.limits.loginAttempt(email, request.ip);

    const user = password.length <= PasswordLength.max ? await this.users.byEmail(email) : null;
    // Unknown emails still pay for one argon2 verification, so timing does not reveal accounts.
    const valid = await this.passwords.verify(user?.passwordHash, password.slice(0, PasswordLength.max));
    if (!user || !valid) {
      this.logger.warn({ userId: user?.id, ip: request.ip }, 'login failed');
      fail(ErrorCode.Unauthorized, AuthMessages.invalidCredentials);
    }

    await this.limits.signedIn(email, request.ip, { fromLogin: true });
    if (this.passwords.needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await this.passwords.hash(password) });
    }
    return { user: toUserProfile(user), sessionToken: await this.sessions.create(user.id, deviceOf(request)) };
  }

  /** Ends the session; every gateway replica drops its copy when it hears session.ended. */
  async logout(sessionToken: string): Promise<{ ok: true }> {
    if (await this.sessions.destroy(sessionToken)) await this.announceEnded([sessionTokenDigest(sessionToken)]);
    return { ok: true };
  }

  /** The member's live sessions, for the settings page. */
  async listSessions(sessionToken: string) {
    const userId = await this.sessions.resolve(sessionToken);
    return userId ? this.sessions.list(userId, sessionToken) : null;
  }

  /** "Sign out everywhere else": every other session of the member ends, and every gateway closes their sockets. */
  async logoutOthers(sessionToken: string): Promise<{ ended: number } | null> {
    const userId = await this.sessions.resolve(sessionToken);
    if (!userId) return null;
    const ended = await this.sessions.destroyOthers(userId, sessionToken);
    await this.announceEnded(ended);
    this.logger.log({ userId, ended: ended.length }, 'signed out everywhere else');
    return { ended: ended.length };
  }

  /** Gateways drop their copy of each session and close its sockets when they hear this. */
  private async announceEnded(digests: string[]): Promise<void> {
    await Promise.all(digests.map((tokenDigest) => {
      const ended: SessionEnded = { tokenDigest };
      return this.bus.publish(SessionEndedEvent, ended, `session.ended:${tokenDigest}`)
        .catch((error) => this.logger.warn({ err: error }, 'session end not announced; gateways forget it within their session cache age'));
    }));
  }

  async session(sessionToken: string): Promise<{ userId: string } | null> {
    const userId = await this.sessions.resolve(sessionToken);
    return userId ? { userId } : null;
  }

  /** Admin search: members whose username or email contains the text (case-insensitive; % and _ are literal). */
  async search({ query, limit }: MessageRequest<'auth.admin.search'>): Promise<UserProfile[]> {
    const text = typeof query === 'string' ? query.trim() : '';
    if (text.length < 1 || text.length > 100) fail(ErrorCode.BadRequest, 'Search for 1 to 100 characters of a username or email');
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    return (await this.users.search(pattern, take)).map(toUserProfile);
  }

  async user(userId: string): Promise<UserProfile> {
    return toUserProfile(await this.existing(userId));
  }

  async updateProfile({ userId, ...settings }: MessageRequest<'auth.updateProfile'>): Promise<UserProfile> {
    const user = await this.existing(userId);
    const changes = validateProfileSettings(user.id, user, settings);
    await this.users.update(user.id, changes);
    return toUserProfile({ ...user, ...changes });
  }

  async completeOnboarding({ userId, hasOnboarded }: MessageRequest<'auth.completeOnboarding'>): Promise<UserProfile> {
    if (typeof hasOnboarded !== 'boolean') fail(ErrorCode.BadRequest, AuthMessages.invalidPreference('hasOnboarded'));
    const user = await this.existing(userId);
    await this.users.update(user.id, { hasOnboarded });
    return toUserProfile({ ...user, hasOnboarded });
  }

  private async existing(userId: unknown): Promise<UserEntity> {
    const user = isUuid(userId) ? await this.users.byId(userId) : null;
    if (!user) fail(ErrorCode.NotFound, AuthMessages.userNotFound);
    return user;
  }
}
