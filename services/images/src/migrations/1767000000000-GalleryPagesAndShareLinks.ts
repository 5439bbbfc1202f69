import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gallery's keyset pages and public share links (issue 12):
 * - creations are read newest first by (created_at, id) for one member, optionally of one trend or
 *   favourites only: one index for each, in that order (it replaces the (user_id, created_at) one);
 * - `share_links`: a creation's public links, at most one active per creation, removed with it;
 *   (user_id, created_at) counts a member's recent links for the rate limit.
 */
export class GalleryPagesAndShareLinks1767000000000 implements MigrationInterface {
  name = 'GalleryPagesAndShareLinks1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "creations_user_page_idx" ON "images"."creations" ("user_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "creations_user_trend_page_idx" ON "images"."creations" ("user_id", "trend_slug", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "creations_user_favorite_page_idx" ON "images"."creations" ("user_id", "created_at" DESC, "id" DESC) WHERE "is_favorite"`);
    await q.query(`DROP INDEX "images"."creations_user_id_idx"`);
    await q.query(`
      CREATE TABLE "images"."share_links" (
        "token" text PRIMARY KEY,
        "creation_id" uuid NOT NULL REFERENCES "images"."creations" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX "share_links_active_idx" ON "images"."share_links" ("creation_id") WHERE "revoked_at" IS NULL`);
    await q.query(`CREATE INDEX "share_links_user_created_idx" ON "images"."share_links" ("user_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "images"."share_links"`);
    await q.query(`CREATE INDEX "creations_user_id_idx" ON "images"."creations" ("user_id", "created_at" DESC)`);
    await q.query(`DROP INDEX "images"."creations_user_favorite_page_idx"`);
    await q.query(`DROP INDEX "images"."creations_user_trend_page_idx"`);
    await q.query(`DROP INDEX "images"."creations_user_page_idx"`);
  }
}
