/**
 * The public catalogue the gateways keep in memory (trends, style options, the Board's counts, the
 * waitlist count). The owning service publishes `catalogue.changed` the moment a part changes;
 * every gateway replica drops what it holds of that part (and of that member, when one is named).
 */
export const CatalogueChangedEvent = 'catalogue.changed';

/** `trends`: the catalogue and everything derived from a trend; `voting`: the Board's counts; `waitlist`: the count. */
export type CataloguePart = 'trends' | 'voting' | 'waitlist';

export interface CatalogueChanged {
  part: CataloguePart;
  /** The member whose own part changed (their `voted` flags), when there is one. */
  userId?: string;
}
