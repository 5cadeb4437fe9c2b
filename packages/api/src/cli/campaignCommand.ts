import { parseArgs } from 'node:util';
import { APPEAR_ON } from '@cairn/contracts';
import { NewCampaign, addCampaign, endCampaign, listCampaigns } from '../campaigns/campaignStore.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const USAGE = `Usage:
  cairn campaign add --title T --text X --appear-on ${APPEAR_ON.join(',')} --end 2026-12-31T18:00Z
                     [--start ISO] [--url U --button "Find out more"] [--cover URL] [--brand ID]
  cairn campaign list [--active]
  cairn campaign end ID`;

/** `cairn campaign add|list|end`: the operator's tool for the campaign popup. */
export async function campaignCommand(
  args: string[],
  out: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [action, ...rest] = args;
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    if (action === 'add') {
      const { values } = parseArgs({
        args: rest,
        options: {
          title: { type: 'string' },
          text: { type: 'string' },
          url: { type: 'string' },
          button: { type: 'string' },
          cover: { type: 'string' },
          'appear-on': { type: 'string' },
          start: { type: 'string' },
          end: { type: 'string' },
          brand: { type: 'string' },
        },
      });
      const parsed = NewCampaign.safeParse({
        title: values.title,
        text: values.text,
        url: values.url ?? null,
        url_button_text: values.button ?? null,
        cover_url: values.cover ?? null,
        appear_on: values['appear-on']?.split(',').map((s) => s.trim()),
        start_at: values.start ?? new Date(),
        end_at: values.end,
        brand: values.brand ?? null,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) out(`error: ${issue.path.join('.')}: ${issue.message}`);
        out(USAGE);
        return 2;
      }
      const row = await addCampaign(database, parsed.data);
      out(`added ${row.id} "${row.title}" ${row.start_at.toISOString()} → ${row.end_at.toISOString()}`);
      return 0;
    }
    if (action === 'list') {
      const { values } = parseArgs({ args: rest, options: { active: { type: 'boolean', default: false } } });
      const rows = await listCampaigns(database, values.active ? { activeAt: new Date() } : {});
      for (const r of rows) {
        out(
          `${r.id}  ${r.start_at.toISOString()} → ${r.end_at.toISOString()}  [${(r.appear_on as unknown as string[]).join(',')}]${r.brand ? ` brand=${r.brand}` : ''}  ${r.title}`,
        );
      }
      if (rows.length === 0) out('no campaigns');
      return 0;
    }
    if (action === 'end' && rest[0]) {
      const ended = await endCampaign(database, rest[0], new Date());
      out(ended ? `ended ${rest[0]}` : `no running campaign ${rest[0]}`);
      return ended ? 0 : 1;
    }
    out(USAGE);
    return 2;
  } finally {
    await database.close();
  }
}
