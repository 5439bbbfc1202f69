import { Args, Context, Field, InputType, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Request, Response } from 'express';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { User } from '@trendforge/contracts';
import { Members } from '../../clients/members.js';
import { Sessions } from '../../common/session.js';
import { UserType } from '../types.js';

@InputType()
export class LoginInput {
  @Field() @IsString() @MaxLength(320) email: string;
  @Field() @IsString() @MaxLength(256) password: string;
}

@InputType()
export class RegisterInput extends LoginInput {
  @Field() @IsString() @MaxLength(64) username: string;
  @Field(() => String, { nullable: true, description: 'The referral code of the link the visitor came through (?ref=).' })
  @IsOptional() @IsString() @MaxLength(32) ref?: string;
}

type HttpContext = { req: Request; res: Response };

/** The same use cases as /api/auth/*, with the same session cookie. */
@Resolver(() => UserType)
export class AuthResolver {
  constructor(private readonly sessions: Sessions, private readonly members: Members) {}

  @Query(() => UserType, { nullable: true, description: 'The signed-in member, or null.' })
  async me(@Context() { req }: HttpContext): Promise<User | null> {
    const caller = await this.sessions.resolve(req);
    return caller ? this.members.get(caller.userId) : null;
  }

  @Mutation(() => UserType)
  register(@Args('input') input: RegisterInput, @Context() { req, res }: HttpContext): Promise<User> {
    return this.sessions.signIn(req, res, 'auth.register', { ...input });
  }

  @Mutation(() => UserType)
  login(@Args('input') input: LoginInput, @Context() { req, res }: HttpContext): Promise<User> {
    return this.sessions.signIn(req, res, 'auth.login', { ...input });
  }

  @Mutation(() => Boolean)
  async logout(@Context() { req, res }: HttpContext): Promise<boolean> {
    await this.sessions.signOut(req, res);
    return true;
  }
}
