import type { BrandSettings } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Mail } from './mailer.ts';

/** A link into the web app: PUBLIC_URL when set, else the origin the request came to. */
export function accountLink(ctx: AppContext, request: FastifyRequest, path: string, code: string): string {
  const base = ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${path}?code=${encodeURIComponent(code)}`;
}

export function activationMail(
  brand: BrandSettings,
  user: { email: string; first_name: string },
  link: string,
): Mail {
  return {
    to: user.email,
    subject: `Activate your ${brand.shortTitle} account`,
    text: [
      `Hello ${user.first_name},`,
      '',
      `Thank you for creating an account with ${brand.title}. Open this link to activate it:`,
      '',
      link,
      '',
      'The link works once and expires in 48 hours. If you did not create this account, ignore this e-mail.',
    ].join('\n'),
  };
}

export function resetMail(
  brand: BrandSettings,
  user: { email: string; first_name: string },
  link: string,
): Mail {
  return {
    to: user.email,
    subject: `Reset your ${brand.shortTitle} password`,
    text: [
      `Hello ${user.first_name},`,
      '',
      `Someone asked to reset the password of your ${brand.title} account. Open this link to choose a new one:`,
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/** Sent instead of an activation when someone registers an address that already has an account. */
export function existingAccountMail(
  brand: BrandSettings,
  user: { email: string; first_name: string },
  resetLink: string,
): Mail {
  return {
    to: user.email,
    subject: `Your ${brand.shortTitle} account`,
    text: [
      `Hello ${user.first_name},`,
      '',
      `Someone tried to create a ${brand.title} account with this e-mail address, which already has one.`,
      'If it was you, log in as usual, or choose a new password here:',
      '',
      resetLink,
      '',
      'If it was not you, ignore this e-mail: nothing has changed.',
    ].join('\n'),
  };
}
