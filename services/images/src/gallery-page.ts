import { DefaultPageLimit, ErrorCode, isUuid, MaxPageLimit, PageQueryMessages as PageMessages, type CreationPageQuery } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';

/** Where a page starts: just after (older than) this creation, in (created_at, id) order. */
export interface PageCursor {
  /** created_at in UTC with PostgreSQL's microseconds (a JS Date would round them away). */
  at: string;
  id: string;
}

/** A gallery query, checked: everything the SQL needs, nothing it must still doubt. */
export interface PageFilter {
  limit: number;
  after: PageCursor | null;
  trendSlug: string | null;
  favoritesOnly: boolean;
  /** Inclusive lower bound, an instant (from's midnight UTC). */
  since: string | null;
  /** Exclusive upper bound, an instant (midnight UTC after `to`). */
  before: string | null;
}

const MicroInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const Slug = /^[a-z0-9-]{1,64}$/;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(text: string): PageCursor {
  const [at, id, extra] = (/^[A-Za-z0-9_-]{1,200}$/.test(text) ? Buffer.from(text, 'base64url').toString('utf8') : '').split('|');
  if (extra !== undefined || !at || !id || !MicroInstant.test(at) || !isUuid(id) || Number.isNaN(Date.parse(at))) fail(ErrorCode.BadRequest, PageMessages.cursor);
  return { at, id };
}

/** A calendar day as YYYY-MM-DD, checked to exist (no 2025-02-30); its midnight UTC, or the next one. */
function dayStart(value: string, name: 'from' | 'to', next = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== value) fail(ErrorCode.BadRequest, PageMessages.date(name));
  if (next) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString();
}

const given = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Checks a page query from either API (REST strings, GraphQL values) once, here. */
export function pageFilter(query: Omit<CreationPageQuery, 'userId'>): PageFilter {
  const limit = query.limit ?? DefaultPageLimit;
  if (!Number.isInteger(limit) || limit < 1 || limit > MaxPageLimit) fail(ErrorCode.BadRequest, PageMessages.limit);
  if (query.trendId != null && query.trendId !== '' && !(typeof query.trendId === 'string' && Slug.test(query.trendId))) fail(ErrorCode.BadRequest, PageMessages.trend);
  const since = given(query.from) ? dayStart(query.from, 'from') : null;
  const before = given(query.to) ? dayStart(query.to, 'to', true) : null;
  if (since && before && since >= before) fail(ErrorCode.BadRequest, PageMessages.range);
  return {
    limit,
    after: given(query.cursor) ? decodeCursor(query.cursor) : null,
    trendSlug: given(query.trendId) ? query.trendId : null,
    favoritesOnly: query.favoritesOnly === true,
    since,
    before,
  };
}
