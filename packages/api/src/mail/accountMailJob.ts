import type { BrandSettings } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import { createCode } from '../accounts/accountCodes.ts';
import { getBrand, type AppContext } from '../context.ts';
import { publicOrigin } from '../http/publicUrl.ts';
import type { JobHandler } from '../jobs/worker.ts';
import {
  activationMail,
  emailChangedMail,
  emailChangeMail,
  emailTakenMail,
  existingAccountMail,
  resetMail,
  unlockMail,
} from './accountMail.ts';
import type { Mail } from './mailer.ts';
import { takeMailQuota } from './mailQuota.ts';

export const ACCOUNT_MAIL_JOB = 'account-mail';

/**
 * What to mail. Requests name an address or a user, not a mail: the worker looks the account up
 * and makes the code, so the HTTP answer does the same work (one queued job) whether or not an
 * address has an account, and its timing tells nothing.
 */
export type AccountMailRequest =
  | { type: 'activation'; userId: string }
  | { type: 'existing-account'; email: string }
  | { type: 'password-reset'; email: string }
  | { type: 'unlock'; email: string }
  | { type: 'email-change'; userId: string; newEmail: string }
  | { type: 'email-changed'; userId: string; oldEmail: string };

type Payload = AccountMailRequest & { brand: string; origin: string };

/** Queues an account mail of the request's brand, with links to the configured origin. */
export async function queueAccountMail(
  ctx: AppContext,
  request: FastifyRequest,
  mail: AccountMailRequest,
): Promise<void> {
  const payload: Payload = {
    ...mail,
    brand: request.brand.settings.brand,
    origin: publicOrigin(ctx.config, request),
  };
  await ctx.queue.enqueue(ACCOUNT_MAIL_JOB, payload, 5);
}

/** The worker's side: builds the mail (with a fresh code where it carries a link) and sends it. */
export function accountMailHandler(ctx: AppContext): JobHandler {
  return {
    async run(job) {
      const payload = job.payload as Payload;
      const brand = getBrand(ctx.brands, payload.brand).settings;
      const mail = await buildMail(ctx, payload, brand);
      if (mail) await ctx.mailer.send({ ...mail, from: senderOf(brand, ctx.config.mailFrom) });
    },
  };
}

/**
 * Account mail comes from the brand: its title as the name, at its own `mailFrom` address, else at
 * the address of MAIL_FROM (whose display name is only the default mailer's).
 */
export function senderOf(brand: BrandSettings, mailFrom: string): { name: string; address: string } {
  const configured = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  return { name: brand.title, address: brand.mailFrom ?? configured.trim() };
}

async function buildMail(ctx: AppContext, p: Payload, brand: BrandSettings): Promise<Mail | undefined> {
  const link = (path: string, code: string) => `${p.origin}${path}?code=${encodeURIComponent(code)}`;
  const users = ctx.database.db.selectFrom('users').select(['id', 'email', 'first_name', 'active']);
  const byEmail = (email: string) =>
    users.where(({ fn }) => fn('lower', ['email']), '=', email.toLowerCase()).executeTakeFirst();
  const byId = (id: string) => users.where('id', '=', id).executeTakeFirst();

  // Every mail a stranger can trigger draws on its recipient's hourly quota, checked before any
  // code is made. The notice to the old address after a confirmed change does not: only the new
  // inbox's owner can cause it, and it must reach the old one.
  const withinQuota = (recipient: string) => takeMailQuota(ctx, recipient);

  switch (p.type) {
    case 'activation': {
      const user = await byId(p.userId);
      if (!user || user.active || !(await withinQuota(user.email))) return undefined;
      return activationMail(
        brand,
        user,
        link('/auth/activation', await createCode(ctx, user.id, 'activation')),
      );
    }
    case 'existing-account': {
      const user = await byEmail(p.email);
      if (!user || !(await withinQuota(user.email))) return undefined;
      return existingAccountMail(brand, user, `${p.origin}/reset-password`);
    }
    case 'password-reset': {
      const user = await byEmail(p.email);
      if (!user || !(await withinQuota(user.email))) return undefined;
      return resetMail(
        brand,
        user,
        link('/auth/password-reset', await createCode(ctx, user.id, 'password_reset')),
      );
    }
    case 'unlock': {
      const user = await byEmail(p.email);
      if (!user || !(await withinQuota(user.email))) return undefined;
      return unlockMail(brand, user, link('/auth/unlock', await createCode(ctx, user.id, 'unlock')));
    }
    case 'email-change': {
      const user = await byId(p.userId);
      if (!user) return undefined;
      const owner = await byEmail(p.newEmail);
      if (owner?.id === user.id || !(await withinQuota(p.newEmail))) return undefined;
      if (owner) return emailTakenMail(brand, owner);
      const code = await createCode(ctx, user.id, 'email_change', p.newEmail);
      return emailChangeMail(brand, user, p.newEmail, link('/auth/email-change', code));
    }
    case 'email-changed': {
      const user = await byId(p.userId);
      return user && emailChangedMail(brand, user, p.oldEmail, user.email);
    }
  }
}
