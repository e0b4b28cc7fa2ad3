/**
 * Temporary passwords an administrator's reset e-mails: they must satisfy the
 * contract's password rule (8+ characters, letters and digits) so the user can
 * sign in with them, and avoid look-alike characters.
 */
import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';
const DIGITS = '23456789';

export function generateTemporaryPassword(length = 10): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(0, LETTERS.length)], DIGITS[randomInt(0, DIGITS.length)]];
  while (chars.length < Math.max(8, length)) chars.push(all[randomInt(0, all.length)]);
  // Fisher-Yates, so the guaranteed letter and digit are not always first.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
