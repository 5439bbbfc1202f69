import type { ServiceDatabase } from '@trendforge/platform';
import { CreationEntity, GenerationEntity, PhotoEntity, ShareLinkEntity } from './entities.js';
import { CreateGenerationsAndCreations1763700100000 } from './migrations/1763700100000-CreateGenerationsAndCreations.js';
import { KeepRenderInputs1764400000000 } from './migrations/1764400000000-KeepRenderInputs.js';
import { ReliableGenerations1765100000000 } from './migrations/1765100000000-ReliableGenerations.js';
import { Personalisation1766000000000 } from './migrations/1766000000000-Personalisation.js';
import { GalleryPagesAndShareLinks1767000000000 } from './migrations/1767000000000-GalleryPagesAndShareLinks.js';
import { StyleIntensity1768000000000 } from './migrations/1768000000000-StyleIntensity.js';
import { AcceptGeneration1769000000000 } from './migrations/1769000000000-AcceptGeneration.js';
import { ChargeOnAcceptance1770000000000 } from './migrations/1770000000000-ChargeOnAcceptance.js';
import { AcceptWhileDoorShut1773000000000 } from './migrations/1773000000000-AcceptWhileDoorShut.js';

export const imagesDatabase: ServiceDatabase = {
  schema: 'images',
  entities: [GenerationEntity, CreationEntity, PhotoEntity, ShareLinkEntity],
  migrations: [CreateGenerationsAndCreations1763700100000, KeepRenderInputs1764400000000, ReliableGenerations1765100000000,
    Personalisation1766000000000, GalleryPagesAndShareLinks1767000000000, StyleIntensity1768000000000, AcceptGeneration1769000000000,
    ChargeOnAcceptance1770000000000, AcceptWhileDoorShut1773000000000],
};
