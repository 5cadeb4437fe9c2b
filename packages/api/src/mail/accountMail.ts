import type { BrandSettings } from '@cairn/contracts';
import type { Mail } from './mailer.ts';
import { mailText } from './mailText.ts';

// Every value that comes from a user or an operator passes through mailText: one line, bounded.

interface Recipient {
  email: string;
  first_name: string;
  /** Whether the account's address is proven (activated). */
  active: boolean;
}

/**
 * The greeting names the traveller only at an address they proved: anyone can register any
 * address with 100 characters of their own as a name, and the brand's mail would carry that text
 * to a stranger (issue 30, finding 11: a spam relay).
 */
const hello = (user: Recipient) => (user.active ? `Hello ${mailText(user.first_name)},` : 'Hello,');

/** The body, signed with the brand's name: the visitor knows the service by it, not by Cairn's. */
const signed = (brand: BrandSettings, lines: string[]) =>
  [...lines, '', 'Best wishes,', mailText(brand.title)].join('\n');

export function activationMail(brand: BrandSettings, user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: `Activate your ${mailText(brand.shortTitle)} account`,
    text: signed(brand, [
      hello(user),
      '',
      `Thank you for creating an account with ${mailText(brand.title)}. Open this link to activate it:`,
      '',
      link,
      '',
      'The link works once and expires in 48 hours. If you did not create this account, ignore this e-mail.',
    ]),
  };
}

export function resetMail(brand: BrandSettings, user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: `Reset your ${mailText(brand.shortTitle)} password`,
    text: signed(brand, [
      hello(user),
      '',
      `Someone asked to reset the password of your ${mailText(brand.title)} account. Open this link to choose a new one:`,
      '',
      link,
      '',
      'The link works once and expires in 1 hour; it replaces any earlier link. If you did not ask for this, ignore this e-mail: your password stays the same.',
    ]),
  };
}

/** Sent instead of an activation when someone registers an address that already has an account. */
export function existingAccountMail(brand: BrandSettings, user: Recipient, resetLink: string): Mail {
  return {
    to: user.email,
    subject: `Your ${mailText(brand.shortTitle)} account`,
    text: signed(brand, [
      hello(user),
      '',
      `Someone tried to create a ${mailText(brand.title)} account with this e-mail address, which already has one.`,
      'If it was you, log in as usual, or choose a new password here:',
      '',
      resetLink,
      '',
      'If it was not you, ignore this e-mail: nothing has changed.',
    ]),
  };
}

/** Sent when an account locks after many failed logins from anywhere: the owner can lift the lock. */
export function unlockMail(brand: BrandSettings, user: Recipient, link: string): Mail {
  return {
    to: user.email,
    subject: `Your ${mailText(brand.shortTitle)} account is locked`,
    text: signed(brand, [
      hello(user),
      '',
      `There have been many failed attempts to log in to your ${mailText(brand.title)} account, so we have locked it for a while.`,
      'If you want to log in now, open this link to lift the lock:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If the attempts were not yours, consider choosing a new password with "Forgot password".',
    ]),
  };
}

/** Sent to the new address of an e-mail change: the change happens only when this link is opened. */
export function emailChangeMail(brand: BrandSettings, user: Recipient, newEmail: string, link: string): Mail {
  return {
    to: newEmail,
    subject: `Confirm your new ${mailText(brand.shortTitle)} e-mail address`,
    text: signed(brand, [
      // The new address is not proven yet: no name in it.
      'Hello,',
      '',
      `Open this link to make this the e-mail address of your ${mailText(brand.title)} account:`,
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: nothing changes.',
    ]),
  };
}

/** Sent to an address someone tried to move their account to while it already has an account. */
export function emailTakenMail(brand: BrandSettings, owner: Recipient): Mail {
  return {
    to: owner.email,
    subject: `Your ${mailText(brand.shortTitle)} account`,
    text: signed(brand, [
      hello(owner),
      '',
      `Someone tried to change the e-mail address of another ${mailText(brand.title)} account to this address, which already has an account.`,
      'Nothing has changed. If it was you, log in with this address as usual.',
    ]),
  };
}

/** Sent to the old address once an e-mail change is confirmed. */
export function emailChangedMail(
  brand: BrandSettings,
  user: Recipient,
  oldEmail: string,
  newEmail: string,
): Mail {
  return {
    to: oldEmail,
    subject: `The e-mail address of your ${mailText(brand.shortTitle)} account has changed`,
    text: signed(brand, [
      hello(user),
      '',
      `The e-mail address of your ${mailText(brand.title)} account is now ${mailText(newEmail, 254)}, and every session has been logged out.`,
      `If you did not make this change, write to ${mailText(brand.contactEmail, 254)} at once.`,
    ]),
  };
}
