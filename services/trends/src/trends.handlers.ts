import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Events, type GenerationCompletedEvent, type MessageRequest } from '@trendforge/contracts';
import { Handles, OnEvent } from '@trendforge/platform';
import { TrendsService } from './trends.service.js';

@Controller()
export class TrendsHandlers {
  constructor(private readonly trends: TrendsService) {}

  @Handles('trends.list')
  list() {
    return this.trends.list();
  }

  @Handles('trends.bySlug')
  bySlug(@Payload() { slug }: MessageRequest<'trends.bySlug'>) {
    return this.trends.bySlug(slug);
  }

  @OnEvent(Events.generationCompleted)
  async generationCompleted(@Payload() { trendSlug }: GenerationCompletedEvent) {
    await this.trends.countGeneration(trendSlug);
  }
}
