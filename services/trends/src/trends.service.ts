import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  ErrorCode, votingWeekOf, type StyleOptionsAnswer, type Trend, type TrendInput,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { catalogue, InitialWeeklySlug, styleOptionsOf } from './catalogue.js';
import { CLOCK, type Clock } from './clock.js';
import { MemberRoles } from './member-roles.js';
import type { TrendEntity } from './entities.js';
import { AuditRepository, FavoriteRepository, TrendRepository, WeeklyTrendRepository, type TrendChanges } from './repositories/index.js';

/** Static image paths of spec part 2 section 2.1. */
export const previewPath = (slug: string) => `/images/previews/${slug}.jpg`;
export const examplePath = (slug: string) => `/static/images/real-examples/${slug}-example.jpg`;

export const WeeklyCategory = 'Trend of the Week';
/** The seeded weekly trend holds from this (long past) Monday until the first election or admin choice. */
export const SeedWeek = '2000-01-03';

export function toTrend(entity: TrendEntity, weeklyTrendId: string | null): Trend {
  const weekly = entity.id === weeklyTrendId;
  return {
    id: entity.id,
    slug: entity.slug,
    name: entity.name,
    description: entity.description,
    prompt: entity.prompt,
    promptTemplate: entity.promptTemplate,
    category: weekly ? WeeklyCategory : entity.category,
    isWeeklyTrend: weekly,
    premium: entity.premium,
    creditsRequired: entity.creditsRequired,
    verified: entity.verified,
    available: entity.available,
    preview: previewPath(entity.slug),
    previewImage: previewPath(entity.slug),
    image: examplePath(entity.slug),
    generations: entity.generations,
  };
}

const SlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** The catalogue: seeding, reading, the weekly trend, and admin edits (audited). */
@Injectable()
export class TrendsService implements OnApplicationBootstrap {
  constructor(
    private readonly trends: TrendRepository,
    private readonly weekly: WeeklyTrendRepository,
    private readonly favorites: FavoriteRepository,
    private readonly audit: AuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly roles: MemberRoles,
  ) {}

  async onApplicationBootstrap() {
    await this.seed();
  }

  /**
   * Inserts missing catalogue trends and refreshes the ones nobody edited; an admin's edits, the
   * generation counts and ids are never touched. Running it again changes nothing.
   */
  async seed(): Promise<void> {
    const trends = catalogue.map((seed, index) => ({
      slug: seed.slug, name: seed.name, description: seed.description, prompt: seed.prompt, promptTemplate: seed.promptTemplate,
      category: seed.category, premium: seed.premium, creditsRequired: seed.creditsRequired, verified: seed.verified,
      available: seed.available, styleOptions: styleOptionsOf(seed.slug), vibes: seed.vibes,
      personalizationSupported: seed.personalizationSupported, sortOrder: index, createdAt: new Date(`${seed.addedAt}T09:00:00Z`),
    }));
    await this.trends.seed(trends, { week: SeedWeek, slug: InitialWeeklySlug });
  }

  /** The free Trend of the Week now: the latest assignment whose week has begun. */
  weeklyTrendId(): Promise<string | null> {
    return this.weekly.trendIdAt(votingWeekOf(this.clock.now()));
  }

  async list(): Promise<Trend[]> {
    const [rows, weekly] = await Promise.all([this.trends.list(), this.weeklyTrendId()]);
    return rows.map((row) => toTrend(row, weekly));
  }

  async entityBySlug(slug: string): Promise<TrendEntity> {
    const row = typeof slug === 'string' && SlugPattern.test(slug) ? await this.trends.bySlug(slug) : null;
    if (!row) fail(ErrorCode.NotFound, 'Trend not found');
    return row;
  }

  async bySlug(slug: string): Promise<Trend> {
    const [row, weekly] = await Promise.all([this.entityBySlug(slug), this.weeklyTrendId()]);
    return toTrend(row, weekly);
  }

  /** The trends a member saved as favourites, in catalogue order. */
  async favoritesOf(userId: string): Promise<Trend[]> {
    const [rows, weekly] = await Promise.all([this.favorites.trendsOf(userId), this.weeklyTrendId()]);
    return rows.map((row) => toTrend(row, weekly));
  }

  async styleOptions(slug: string): Promise<StyleOptionsAnswer> {
    const row = await this.entityBySlug(slug);
    const styleOptions = Object.fromEntries(row.styleOptions.map(({ key, label, description }) => [key, { label, description }]));
    return { styleOptions, vibes: row.vibes, personalizationSupported: row.personalizationSupported };
  }

  /** Adds a completed generation to its trend's total, once per generation however often it is reported. */
  countGeneration(generationId: string, slug: string): Promise<void> {
    return this.trends.countGeneration(generationId, slug);
  }

  // ---- admin (DESIGN.md section 2: manage trends, set the weekly trend; everything audited)

  async create(actorId: string, input: TrendInput): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const values = validTrendInput(input, true);
    if (!SlugPattern.test(input.slug ?? '')) fail(ErrorCode.BadRequest, 'A slug is 1-64 lowercase letters, digits or dashes');
    const row = await this.trends.create(input.slug, values, { actorId, action: 'trend.created', subject: input.slug, changes: values });
    if (!row) fail(ErrorCode.Conflict, 'A trend with this slug already exists');
    return toTrend(row, await this.weeklyTrendId());
  }

  async update(actorId: string, slug: string, changes: Partial<TrendInput>): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const row = await this.entityBySlug(slug);
    const values = validTrendInput(changes, false);
    if (!Object.keys(values).length) fail(ErrorCode.BadRequest, 'Nothing to change');
    const edited = await this.trends.edit(row.id, values, { actorId, action: 'trend.updated', subject: slug, changes: values });
    return toTrend(edited, await this.weeklyTrendId());
  }

  /** Makes a trend the free Trend of the Week for the current voting week, at once. */
  async setWeekly(actorId: string, slug: string): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const row = await this.entityBySlug(slug);
    const week = votingWeekOf(this.clock.now());
    await this.weekly.choose(week, row.id, { actorId, action: 'trend.weekly', subject: slug, changes: { week } });
    return this.bySlug(slug);
  }

  /** An admin action done outside the catalogue (queue dashboard); `subject` goes where a trend's slug would. */
  async recordAdminAction(actorId: string, action: string, subject: string): Promise<void> {
    await this.roles.requireAdmin(actorId);
    if (!/^queue\.[a-z.]{1,40}$/.test(action) || !subject || subject.length > 200) fail(ErrorCode.BadRequest, 'Not an auditable action');
    await this.audit.record({ actorId, action, subject, changes: {} });
  }
}

/** Checks an admin's trend fields; `complete` demands everything a new trend needs. */
export function validTrendInput(input: Partial<TrendInput>, complete: boolean): TrendChanges {
  const out: TrendChanges = {};
  const text = (key: 'name' | 'description' | 'prompt' | 'promptTemplate' | 'category', max: number) => {
    const value = input[key];
    if (value === undefined) {
      if (complete) fail(ErrorCode.BadRequest, `${key} is required`);
      return;
    }
    if (typeof value !== 'string' || !value.trim() || value.length > max) fail(ErrorCode.BadRequest, `${key} must be 1-${max} characters`);
    out[key] = value.trim();
  };
  text('name', 80);
  text('description', 500);
  text('prompt', 1000);
  text('promptTemplate', 1000);
  text('category', 40);
  if (out.promptTemplate !== undefined && !out.promptTemplate.includes('{subject}')) {
    fail(ErrorCode.BadRequest, 'promptTemplate must contain {subject}');
  }
  for (const key of ['premium', 'verified', 'available', 'personalizationSupported'] as const) {
    if (input[key] === undefined) continue;
    if (typeof input[key] !== 'boolean') fail(ErrorCode.BadRequest, `${key} must be true or false`);
    out[key] = input[key];
  }
  if (input.creditsRequired !== undefined) {
    if (!Number.isInteger(input.creditsRequired) || input.creditsRequired < 0 || input.creditsRequired > 100) {
      fail(ErrorCode.BadRequest, 'creditsRequired must be a whole number from 0 to 100');
    }
    out.creditsRequired = input.creditsRequired;
  }
  if (input.vibes !== undefined) {
    if (!Array.isArray(input.vibes) || input.vibes.length > 20 || input.vibes.some((v) => typeof v !== 'string' || !v.trim() || v.length > 40)) {
      fail(ErrorCode.BadRequest, 'vibes must be up to 20 short texts');
    }
    out.vibes = input.vibes.map((v) => v.trim());
  }
  if (input.styleOptions !== undefined) {
    const entries = Object.entries(input.styleOptions ?? {});
    const valid = entries.length <= 20 && entries.every(([key, option]) =>
      /^[a-z][a-z0-9_]{0,39}$/.test(key) && typeof option?.label === 'string' && option.label.trim() && typeof option.description === 'string');
    if (!valid) fail(ErrorCode.BadRequest, 'styleOptions maps snake_case keys to a label and a description');
    out.styleOptions = entries.map(([key, o]) => ({ key, label: o.label.trim(), description: o.description.trim() }));
  }
  if (complete) {
    out.premium ??= false;
    out.creditsRequired ??= out.premium ? 1 : 0;
  }
  return out;
}
