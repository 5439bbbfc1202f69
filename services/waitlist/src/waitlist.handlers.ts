import { Controller } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Handles } from '@trendforge/platform';
import { WaitlistEntryEntity } from './entry.entity.js';

@Controller()
export class WaitlistHandlers {
  constructor(@InjectRepository(WaitlistEntryEntity) private readonly entries: Repository<WaitlistEntryEntity>) {}

  @Handles('waitlist.count')
  async count() {
    return { count: await this.entries.count() };
  }
}
