import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository, type EntityManager } from 'typeorm';
import {
  ErrorCode, votingWeekOf, type StyleOptionsAnswer, type Trend, type TrendInput,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { catalogue, InitialWeeklySlug, styleOptionsOf } from './catalogue.js';
import { CLOCK, type Clock } from './clock.js';
import { MemberRoles } from './member-roles.js';
import { TrendEntity } from './entities.js';

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
    @InjectRepository(TrendEntity) private readonly trends: Repository<TrendEntity>,
    @InjectDataSource() private readonly db: DataSource,
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
    // One statement for the whole catalogue: start-up pays a single round trip, not one per trend.
    const rows = catalogue.map((seed, index) => ({
      slug: seed.slug, name: seed.name, description: seed.description, prompt: seed.prompt, prompt_template: seed.promptTemplate,
      category: seed.category, premium: seed.premium, credits_required: seed.creditsRequired, verified: seed.verified,
      available: seed.available, style_options: styleOptionsOf(seed.slug), vibes: seed.vibes,
      personalization_supported: seed.personalizationSupported, sort_order: index, created_at: `${seed.addedAt}T09:00:00Z`,
    }));
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO "trends"."trends" AS t
           (slug, name, description, prompt, prompt_template, category, premium, credits_required, verified, available,
            style_options, vibes, personalization_supported, sort_order, created_at)
         SELECT slug, name, description, prompt, prompt_template, category, premium, credits_required, verified, available,
                style_options, vibes, personalization_supported, sort_order, created_at
           FROM jsonb_to_recordset($1::jsonb) AS s
             (slug text, name text, description text, prompt text, prompt_template text, category text, premium boolean,
              credits_required integer, verified boolean, available boolean, style_options jsonb, vibes jsonb,
              personalization_supported boolean, sort_order integer, created_at timestamptz)
         ON CONFLICT (slug) DO UPDATE SET
           name = EXCLUDED.name, description = EXCLUDED.description, prompt = EXCLUDED.prompt,
           prompt_template = EXCLUDED.prompt_template, category = EXCLUDED.category, premium = EXCLUDED.premium,
           credits_required = EXCLUDED.credits_required, verified = EXCLUDED.verified, available = EXCLUDED.available,
           style_options = EXCLUDED.style_options, vibes = EXCLUDED.vibes,
           personalization_supported = EXCLUDED.personalization_supported, sort_order = EXCLUDED.sort_order,
           created_at = EXCLUDED.created_at, updated_at = now()
         WHERE NOT t.edited_by_admin AND
           (t.name, t.description, t.prompt, t.prompt_template, t.category, t.premium, t.credits_required, t.verified,
            t.available, t.style_options, t.vibes, t.personalization_supported, t.sort_order, t.created_at)
           IS DISTINCT FROM
           (EXCLUDED.name, EXCLUDED.description, EXCLUDED.prompt, EXCLUDED.prompt_template, EXCLUDED.category,
            EXCLUDED.premium, EXCLUDED.credits_required, EXCLUDED.verified, EXCLUDED.available, EXCLUDED.style_options,
            EXCLUDED.vibes, EXCLUDED.personalization_supported, EXCLUDED.sort_order, EXCLUDED.created_at)`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `INSERT INTO "trends"."weekly_trends" (week, trend_id, source)
         SELECT $1::date, id, 'seed' FROM "trends"."trends" WHERE slug = $2
         ON CONFLICT (week) DO NOTHING`,
        [SeedWeek, InitialWeeklySlug],
      );
    });
  }

  /** The free Trend of the Week now: the latest assignment whose week has begun. */
  async weeklyTrendId(manager: EntityManager = this.db.manager): Promise<string | null> {
    const rows: { trend_id: string }[] = await manager.query(
      `SELECT trend_id FROM "trends"."weekly_trends" WHERE week <= $1::date ORDER BY week DESC LIMIT 1`,
      [votingWeekOf(this.clock.now())],
    );
    return rows[0]?.trend_id ?? null;
  }

  async list(): Promise<Trend[]> {
    const [rows, weekly] = await Promise.all([this.trends.find({ order: { sortOrder: 'ASC', name: 'ASC' } }), this.weeklyTrendId()]);
    return rows.map((row) => toTrend(row, weekly));
  }

  async entityBySlug(slug: string): Promise<TrendEntity> {
    const row = typeof slug === 'string' && SlugPattern.test(slug) ? await this.trends.findOneBy({ slug }) : null;
    if (!row) fail(ErrorCode.NotFound, 'Trend not found');
    return row;
  }

  async bySlug(slug: string): Promise<Trend> {
    const [row, weekly] = await Promise.all([this.entityBySlug(slug), this.weeklyTrendId()]);
    return toTrend(row, weekly);
  }

  /** The trends a member saved as favourites, in catalogue order. */
  async favoritesOf(userId: string): Promise<Trend[]> {
    const [rows, weekly] = await Promise.all([
      this.trends.createQueryBuilder('t')
        .where('t.id IN (SELECT f.trend_id FROM "trends"."favorites" f WHERE f.user_id = :userId)', { userId })
        .orderBy('t.sort_order').addOrderBy('t.name').getMany(),
      this.weeklyTrendId(),
    ]);
    return rows.map((row) => toTrend(row, weekly));
  }

  async styleOptions(slug: string): Promise<StyleOptionsAnswer> {
    const row = await this.entityBySlug(slug);
    const styleOptions = Object.fromEntries(row.styleOptions.map(({ key, label, description }) => [key, { label, description }]));
    return { styleOptions, vibes: row.vibes, personalizationSupported: row.personalizationSupported };
  }

  /** Adds a completed generation to its trend's total, once per generation however often it is reported. */
  async countGeneration(generationId: string, slug: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const counted: unknown[] = await tx.query(
        `INSERT INTO "trends"."counted_generations" ("generation_id", "trend_slug") VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING "generation_id"`,
        [generationId, slug],
      );
      if (counted.length) await tx.query('UPDATE "trends"."trends" SET "generations" = "generations" + 1 WHERE "slug" = $1', [slug]);
    });
  }

  // ---- admin (DESIGN.md section 2: manage trends, set the weekly trend; everything audited)

  async create(actorId: string, input: TrendInput): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const values = validTrendInput(input, true);
    if (!SlugPattern.test(input.slug ?? '')) fail(ErrorCode.BadRequest, 'A slug is 1-64 lowercase letters, digits or dashes');
    return this.db.transaction(async (tx) => {
      const inserted: { id: string }[] = await tx.query(
        `INSERT INTO "trends"."trends" (slug, name, description, prompt, prompt_template, category, sort_order, edited_by_admin)
         VALUES ($1, '', '', '', '', '', (SELECT coalesce(max(sort_order), 0) + 1 FROM "trends"."trends"), true)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [input.slug],
      );
      if (!inserted.length) fail(ErrorCode.Conflict, 'A trend with this slug already exists');
      await tx.update(TrendEntity, { id: inserted[0].id }, values);
      await this.audit(tx, actorId, 'trend.created', input.slug, values);
      return toTrend(await tx.findOneByOrFail(TrendEntity, { id: inserted[0].id }), await this.weeklyTrendId(tx));
    });
  }

  async update(actorId: string, slug: string, changes: Partial<TrendInput>): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const row = await this.entityBySlug(slug);
    const values = validTrendInput(changes, false);
    if (!Object.keys(values).length) fail(ErrorCode.BadRequest, 'Nothing to change');
    return this.db.transaction(async (tx) => {
      await tx.update(TrendEntity, { id: row.id }, { ...values, editedByAdmin: true, updatedAt: new Date() });
      await this.audit(tx, actorId, 'trend.updated', slug, values);
      return toTrend(await tx.findOneByOrFail(TrendEntity, { id: row.id }), await this.weeklyTrendId(tx));
    });
  }

  /** Makes a trend the free Trend of the Week for the current voting week, at once. */
  async setWeekly(actorId: string, slug: string): Promise<Trend> {
    await this.roles.requireAdmin(actorId);
    const row = await this.entityBySlug(slug);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO "trends"."weekly_trends" (week, trend_id, source, set_by) VALUES ($1::date, $2, 'admin', $3)
         ON CONFLICT (week) DO UPDATE SET trend_id = EXCLUDED.trend_id, source = 'admin', set_by = EXCLUDED.set_by, created_at = now()`,
        [votingWeekOf(this.clock.now()), row.id, actorId],
      );
      await this.audit(tx, actorId, 'trend.weekly', slug, { week: votingWeekOf(this.clock.now()) });
    });
    return this.bySlug(slug);
  }

  /** An admin action done outside the catalogue (queue dashboard); `subject` goes where a trend's slug would. */
  async recordAdminAction(actorId: string, action: string, subject: string): Promise<void> {
    await this.roles.requireAdmin(actorId);
    if (!/^queue\.[a-z.]{1,40}$/.test(action) || !subject || subject.length > 200) fail(ErrorCode.BadRequest, 'Not an auditable action');
    await this.db.transaction((tx) => this.audit(tx, actorId, action, subject, {}));
  }

  private async audit(tx: EntityManager, actorId: string, action: string, slug: string, changes: object) {
    await tx.query(
      `INSERT INTO "trends"."audit_log" (actor_id, action, trend_slug, changes) VALUES ($1, $2, $3, $4::jsonb)`,
      [actorId, action, slug, JSON.stringify(changes)],
    );
  }
}

/** Checks an admin's trend fields; `complete` demands everything a new trend needs. */
export function validTrendInput(input: Partial<TrendInput>, complete: boolean): Partial<TrendEntity> {
  const out: Partial<TrendEntity> = {};
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
