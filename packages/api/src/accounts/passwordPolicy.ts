import { dictionary } from '@zxcvbn-ts/language-common';

// NIST SP 800-63B §3.1.1.2 (rev. 4 §5.1.1.2): at least 8 characters, no composition rules, and
// passwords "obtained from previous breach corpuses" or otherwise commonly used are refused, as
// are context-specific words such as the user's own e-mail address.
export const MIN_PASSWORD_LENGTH = 8;

/** The common and breached passwords that zxcvbn-ts ships (lower-case). */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Why a new password is refused, or undefined when it is acceptable. */
export function findPasswordProblem(password: string, email: string): string | undefined {
  const text = password.normalize('NFC');
  if ([...text].length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  const lower = text.toLowerCase();
  if (COMMON.has(lower) || COMMON.has(lower.trim()))
    return 'This password is too common: it appears in lists of breached passwords. Choose another.';
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (
    lower.includes(address) ||
    (local.length >= 4 && lower.replace(/[^\p{L}\p{N}]/gu, '') === local.replace(/[^\p{L}\p{N}]/gu, ''))
  )
    return 'Do not use your e-mail address as your password.';
  return undefined;
}
