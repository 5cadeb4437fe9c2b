import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  /** The sender when not the mailer's default: nodemailer quotes and encodes the name. */
  from?: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * SMTP when `smtpUrl` is set (nodemailer); otherwise every message is written to
 * `<outboxDir>/*.eml` and the file is logged (not its links: they hold codes), so a laptop install
 * can still activate accounts by opening the file.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await builder.sendMail({ from, ...mail });
      mkdirSync(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // The links carry single-use codes: the log names the file that holds them, never the codes.
      logger.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to the outbox (SMTP_URL is not set); open the file for its link',
      );
    },
    close: () => builder.close(),
  };
}
