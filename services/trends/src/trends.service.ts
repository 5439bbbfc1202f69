import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorCode, type Trend } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { catalogue } from './catalogue.js';
import { TrendEntity } from './trend.entity.js';

/** Static image paths of spec part 2 section 2.1. */
export const previewPath = (slug: string) => `/images/previews/${slug}.jpg`;
export const examplePath = (slug: string) => `/static/images/real-examples/${slug}-example.jpg`;

export function toTrend(entity: TrendEntity): Trend {
  return {
    id: entity.id,
    slug: entity.slug,
    name: entity.name,
    description: entity.description,
    prompt: entity.prompt,
    promptTemplate: entity.promptTemplate,
    category: entity.category,
    isWeeklyTrend: entity.isWeeklyTrend,
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

@Injectable()
export class TrendsService implements OnApplicationBootstrap {
  constructor(@InjectRepository(TrendEntity) private readonly trends: Repository<TrendEntity>) {}

  async onApplicationBootstrap() {
    await this.seed();
  }

  /** Upserts the catalogue by slug; counters and admin-made trends are left alone. */
  async seed(): Promise<void> {
    await this.trends.upsert(
      catalogue.map((seed, index) => ({ ...seed, sortOrder: index })),
      { conflictPaths: ['slug'], skipUpdateIfNoValuesChanged: true },
    );
  }

  async list(): Promise<Trend[]> {
    const rows = await this.trends.find({ order: { sortOrder: 'ASC', name: 'ASC' } });
    return rows.map(toTrend);
  }

  async bySlug(slug: string): Promise<Trend> {
    const row = await this.trends.findOneBy({ slug });
    if (!row) fail(ErrorCode.NotFound, 'Trend not found');
    return toTrend(row);
  }

  async countGeneration(slug: string): Promise<void> {
    await this.trends.increment({ slug }, 'generations', 1);
  }
}
