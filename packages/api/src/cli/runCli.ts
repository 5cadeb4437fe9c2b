import { campaignCommand } from './campaignCommand.ts';
import { serveCommand, workerCommand } from './serveCommand.ts';

/** The API's subcommands of the `cairn` CLI. */
export const API_COMMANDS: Record<
  string,
  { summary: string; run: (args: string[]) => Promise<number | void> }
> = {
  serve: {
    summary: 'serve the API and web app (with an in-process worker unless --no-worker)',
    run: serveCommand,
  },
  worker: { summary: 'consume search jobs from the queue', run: workerCommand },
  campaign: { summary: 'add, list or end campaigns (add|list|end)', run: (args) => campaignCommand(args) },
};

/** Runs one API subcommand; answers the exit code, or undefined for long-running ones. */
export async function runCli(name: string, args: string[]): Promise<number | undefined> {
  const command = API_COMMANDS[name];
  if (!command) throw new Error(`unknown command ${name}`);
  const code = await command.run(args);
  return typeof code === 'number' ? code : undefined;
}
