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
