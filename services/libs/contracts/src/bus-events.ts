import { CatalogueChangedEvent, type CatalogueChanged } from './catalogue.js';
import { Events, type GenerationCompletedEvent, type UserRegisteredEvent } from './events.js';
import type { UserReferredEvent } from './referrals.js';
import { SessionEndedEvent, type SessionEnded } from './sessions.js';

/**
 * What each event on the bus carries, by its name: publishers (Bus#publish), durable handlers
 * (@OnEvent) and notice listeners (hearEveryNotice) take the payload's type from here, as
 * MessagePatterns does for requests.
 */
export interface BusEvents {
  [Events.userRegistered]: UserRegisteredEvent;
  [Events.generationCompleted]: GenerationCompletedEvent;
  [Events.userReferred]: UserReferredEvent;
  [SessionEndedEvent]: SessionEnded;
  [CatalogueChangedEvent]: CatalogueChanged;
}
export type BusEventName = keyof BusEvents;
