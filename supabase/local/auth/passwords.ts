// Password hashing as GoTrue does it: bcrypt, cost 10, minimum length 6 (GoTrue's default).
import bcrypt from 'bcryptjs';
import { weakPassword } from './errors.ts';

const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;
// Compared against when the account does not exist, so a wrong email costs as long as a wrong
// password and response time does not reveal which accounts exist.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export function checkPasswordStrength(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw weakPassword();
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && hash !== null);
}
