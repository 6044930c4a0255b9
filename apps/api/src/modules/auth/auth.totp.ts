import type { TotpSetupBody } from '@ps/contracts';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SecurityLogger } from '../../plugins/security-events.ts';
import { type AuthRepository, auditOwnChange, createAuthRepository, type UserRow, type UserWithCompany } from './auth.repository.ts';
import { type LoginThrottle, tooManyAttempts } from './auth.throttle.ts';

/**
 * Two-factor sign-in (TOTP): the codes a sign-in checks, and turning it on, replacing its secret and turning it off.
 * Wrong codes count, and lock, on the account's own counter (`totp:<id>`); each code is accepted once.
 */
export function createTwoFactor(db: Db, users: AuthRepository, throttle: LoginThrottle) {
  /**
   * Checks a TOTP code for this account: refused while the account's wrong codes are at the limit (429),
   * counted when wrong, and accepted at most once: a code of a time step already used (or older) is refused
   * like a wrong one (ASVS V6.5.1).
   */
  async function acceptCode(user: UserRow, secret: string | null, code: string, field: string, log: SecurityLogger): Promise<void> {
    const key = `totp:${user.id}`;
    const who = { user_id: user.id, company_id: user.company_id };
    const lock = await throttle.lockOf([[key, throttle.settings.maxPerIdentifier]]);
    if (lock) {
      log('auth.totp_locked', { ...who, lock: 'totp' });
      throw tooManyAttempts('too_many_code_attempts', lock.seconds);
    }
    const result = secret
      ? await verifyTotp({
          secret,
          token: code,
          epochTolerance: 30,
          ...(user.totp_last_step != null ? { afterTimeStep: user.totp_last_step } : {}),
        })
      : { valid: false as const };
    if (!result.valid || !('timeStep' in result) || !(await users.acceptTotpStep(user.id, result.timeStep))) {
      await throttle.recordFailures([key]);
      log('auth.totp_failed', { ...who, reason: result.valid ? 'replayed' : 'wrong_code' });
      throw fieldError('invalid_totp_code', field);
    }
    await throttle.clear(key);
  }

  return {
    acceptCode,

    /**
     * First half of turning on (or replacing) two-factor sign-in: a new secret to put in an authenticator app.
     * It is kept apart as pending: the active two-factor, if any, is untouched until `enable` confirms the
     * new secret with a code. With two-factor already on, the password or a current code is asked first.
     */
    async startSetup(user: UserWithCompany, body: TotpSetupBody, log: SecurityLogger): Promise<{ secret: string; otpauth_url: string }> {
      if (user.totp_enabled) {
        if (body?.password !== undefined) {
          if (!(await verifyPassword(user.password_hash, body.password))) throw fieldError('wrong_current_password', 'password');
        } else if (body?.code !== undefined) {
          await acceptCode(user, user.totp_secret, body.code, 'code', log);
        } else {
          throw fieldError('reauth_required', 'password');
        }
      }
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).updateUser(user.id, { totp_pending_secret: secret });
        await auditOwnChange(tx, user, { totp_pending_secret: user.totp_pending_secret }, { totp_pending_secret: secret });
      });
      log('auth.totp_setup_started', { user_id: user.id, company_id: user.company_id });
      const label = user.email ?? user.username ?? user.phn_nbr ?? String(user.id);
      return { secret, otpauth_url: generateURI({ issuer: 'Parking Solutions', label, secret }) };
    },

    /** Second half: a correct code from the app proves the pending secret is stored there; it becomes the active one. */
    async enable(user: UserWithCompany, code: string, log: SecurityLogger): Promise<void> {
      // No setup started: no code can match (still counted, like any wrong code).
      const pending = user.totp_pending_secret;
      await acceptCode(user, pending, code, 'code', log);
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).updateUser(user.id, { totp_enabled: true, totp_secret: pending, totp_pending_secret: null });
        await auditOwnChange(
          tx,
          user,
          { totp_enabled: user.totp_enabled, totp_secret: user.totp_secret, totp_pending_secret: pending },
          { totp_enabled: true, totp_secret: pending, totp_pending_secret: null },
        );
      });
      log('auth.totp_enabled', {
        user_id: user.id,
        company_id: user.company_id,
        reason: user.totp_enabled ? 'secret_replaced' : 'turned_on',
      });
    },

    /** Turns two-factor sign-in off; the password is asked again. */
    async disable(user: UserWithCompany, password: string, log: SecurityLogger): Promise<void> {
      if (!(await verifyPassword(user.password_hash, password))) {
        throw fieldError('wrong_current_password', 'password');
      }
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).updateUser(user.id, { totp_enabled: false, totp_secret: null, totp_pending_secret: null });
        await auditOwnChange(tx, user, { totp_enabled: user.totp_enabled }, { totp_enabled: false });
      });
      log('auth.totp_disabled', { user_id: user.id, company_id: user.company_id });
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
