import { randomUUID } from 'node:crypto';
import { APPEAR_ON, SafeLink, WebAddress, type Campaign } from '@cairn/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { CampaignsTable } from '../db/schema.ts';

export type CampaignRow = Selectable<CampaignsTable>;

/** What the operator gives to `cairn campaign add`. */
export const NewCampaign = z
  .object({
    title: z.string().trim().min(1).max(200),
    text: z.string().trim().min(1).max(2000),
    url: SafeLink.nullable().default(null),
    url_button_text: z.string().trim().max(60).nullable().default(null),
    cover_url: WebAddress.nullable().default(null),
    appear_on: z.array(z.enum(APPEAR_ON)).min(1),
    start_at: z.coerce.date(),
    end_at: z.coerce.date(),
    brand: z.string().nullable().default(null),
  })
  .refine((c) => c.end_at > c.start_at, { message: 'end_at must be after start_at', path: ['end_at'] });
export type NewCampaign = z.input<typeof NewCampaign>;

export async function addCampaign(database: Database, input: NewCampaign): Promise<CampaignRow> {
  const c = NewCampaign.parse(input);
  return database.db
    .insertInto('campaigns')
    .values({ id: randomUUID(), ...c, appear_on: JSON.stringify(c.appear_on) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listCampaigns(
  database: Database,
  options: { activeAt?: Date } = {},
): Promise<CampaignRow[]> {
  let query = database.db.selectFrom('campaigns').selectAll().orderBy('end_at').orderBy('id');
  if (options.activeAt)
    query = query.where('start_at', '<=', options.activeAt).where('end_at', '>', options.activeAt);
  return query.execute();
}

/** Ends a campaign now (it stays in the table for its impressions); false if unknown or already over. */
export async function endCampaign(database: Database, id: string, now: Date): Promise<boolean> {
  const result = await database.db
    .updateTable('campaigns')
    .set({ end_at: now })
    .where('id', '=', id)
    .where('end_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function toCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    url: row.url,
    url_button_text: row.url_button_text,
    thumbnail: row.cover_url ? { cover_url: row.cover_url } : null,
    appear_on: row.appear_on as unknown as Campaign['appear_on'],
    end_at: row.end_at.toISOString(),
  };
}

/** What the popup asks for: a brand's campaigns running at `now`, less those this visitor has seen. */
export interface RunningCampaignsQuery {
  brand: string;
  now: Date;
  /** Impression ids the browser keeps: their campaigns are left out. */
  seenImpressionIds: readonly string[];
  appearOn: string | undefined;
  order: 'asc' | 'desc';
  perPage: number;
}

/** The first page of the campaigns running for a brand, by end time, with how many there are. */
export async function listRunningCampaigns(
  database: Database,
  q: RunningCampaignsQuery,
): Promise<{ total: number; rows: CampaignRow[] }> {
  const { db } = database;
  let query = db
    .selectFrom('campaigns')
    .where('start_at', '<=', q.now)
    .where('end_at', '>', q.now)
    .where((eb) => eb.or([eb('brand', 'is', null), eb('brand', '=', q.brand)]));
  if (q.seenImpressionIds.length > 0) {
    query = query.where(
      'id',
      'not in',
      db.selectFrom('campaign_impressions').select('campaign_id').where('id', 'in', q.seenImpressionIds),
    );
  }
  if (q.appearOn) {
    query = query.where((eb) => eb('appear_on', '@>', eb.val(JSON.stringify([q.appearOn])).$castTo<never>()));
  }
  const { total } = await query
    .select(({ fn }) => fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy('end_at', q.order).orderBy('id').limit(q.perPage).execute();
  return { total: Number(total), rows };
}

export async function findCampaign(database: Database, id: string): Promise<CampaignRow | undefined> {
  return database.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of a view impression of this campaign, if there is one with this id. */
export async function findView(
  database: Database,
  campaignId: string,
  impressionId: string,
): Promise<string | undefined> {
  const row = await database.db
    .selectFrom('campaign_impressions')
    .select('id')
    .where('id', '=', impressionId)
    .where('campaign_id', '=', campaignId)
    .where('action', '=', 'view')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Records a view, or a clickthrough of the view `parentId`. One clickthrough per view (a unique
 * index): a repeat answers the first one, so replaying a view's clickthrough cannot inflate the
 * campaign's figures.
 */
export async function recordImpression(
  database: Database,
  impression: {
    campaignId: string;
    action: 'view' | 'clickthrough';
    parentId: string | null;
    expiresAt: Date;
  },
): Promise<{ id: string; expires_at: Date }> {
  const { db } = database;
  return (
    (await db
      .insertInto('campaign_impressions')
      .values({
        id: randomUUID(),
        campaign_id: impression.campaignId,
        action: impression.action,
        parent_id: impression.parentId,
        expires_at: impression.expiresAt,
      })
      .onConflict((oc) => oc.column('parent_id').where('action', '=', 'clickthrough').doNothing())
      .returning(['id', 'expires_at'])
      .executeTakeFirst()) ??
    (await db
      .selectFrom('campaign_impressions')
      .select(['id', 'expires_at'])
      .where('parent_id', '=', impression.parentId)
      .where('action', '=', 'clickthrough')
      .executeTakeFirstOrThrow())
  );
}
