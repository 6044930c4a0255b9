import { randomUUID } from 'node:crypto';
import {
  type AdminChangePasswordBody,
  type ChangePasswordStepBody,
  type IdentifierType,
  type LoginBody,
  type LoginStep,
  type LoginStepData,
  normalisePhone,
  type SignedInData,
  type TokenPair,
  type TotpSetupBody,
  type UserData,
  type VerifyStepBody,
} from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { assertNewPasswordAllowed, hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { rolePermissionSet } from '../../lib/permissions.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { SecurityLogger } from '../../plugins/security-events.ts';
import {
  type AuthRepository,
  auditOwnChange,
  createAuthRepository,
  shownPhoneOf,
  type UserRow,
  type UserWithCompany,
} from './auth.repository.ts';
import { createLoginThrottle, type Lock, type LoginThrottle, type ThrottleSettings, tooManyAttempts } from './auth.throttle.ts';
import { createTwoFactor, type TwoFactor } from './auth.totp.ts';

export interface SessionSettings {
  /** Absolute lifetime of a session from its sign-in. */
  maxAgeSeconds: number;
  /** A session not refreshed for this long ends. */
  idleTimeoutSeconds: number;
}

/** What a service needs to know of the request: where it comes from, and where its security events go. */
export interface RequestMeta {
  address: string;
  userAgent: string | undefined;
  log: SecurityLogger;
}

export type LoginOutcome = { kind: 'signed-in'; data: SignedInData } | { kind: 'step'; data: LoginStepData };

function identifierOf(body: LoginBody): { type: IdentifierType; value: string } {
  if (body.type === 'email') return { type: 'email', value: (body.email ?? '').trim().toLowerCase() };
  if (body.type === 'phone') return { type: 'phone', value: normalisePhone(body.phn_nbr ?? '') };
  return { type: 'username', value: (body.username ?? '').trim().toLowerCase() };
}

/** Who a user is, as every user shape in the API shows it (never the password hash or TOTP secret). */
export function identityOf(user: UserRow) {
  return { id: user.id, name: user.name, email: user.email, phn_nbr: shownPhoneOf(user), username: user.username, role: user.role };
}

export function toUserData(user: UserWithCompany): UserData {
  return {
    ...identityOf(user),
    company_id: user.company_id,
    company_name: user.company_name,
    company_currency: user.company_currency,
    company_time_zone: user.company_time_zone,
    totp_enabled: user.totp_enabled,
    role_name: user.role_name,
    permissions: [...(user.role_id === null ? rolePermissionSet(user.role, null) : rolePermissionSet(null, user.role_permissions))],
  };
}

export class AuthService {
  readonly #db: Db;
  readonly #users: AuthRepository;
  readonly #tokens: TokenService;
  readonly #throttle: LoginThrottle;
  readonly #twoFactor: TwoFactor;
  readonly #sessions: SessionSettings;

  constructor(db: Db, tokens: TokenService, throttle: ThrottleSettings, sessionSettings: SessionSettings) {
    this.#db = db;
    this.#users = createAuthRepository(db);
    this.#tokens = tokens;
    this.#throttle = createLoginThrottle(this.#users, throttle);
    this.#twoFactor = createTwoFactor(db, this.#users, this.#throttle);
    this.#sessions = sessionSettings;
  }

  get repository(): AuthRepository {
    return this.#users;
  }

  /**
   * Sign-in. Every failure (unknown identifier, wrong password, disabled user, inactive company, another
   * company) gives the same answer after the same work, and counts against the account (or, when the
   * identifier matches no account, the normalised identifier) and the address. While locked, every attempt
   * gets the same 429, except the account's owner: the right password with a correct code, or the right
   * password from an address that signed in to the account before (docs/decisions.md, "Lock-out").
   */
  async login(body: LoginBody, meta: RequestMeta): Promise<LoginOutcome> {
    const identifier = identifierOf(body);
    const user = await this.#users.findByIdentifier({
      orgInstanceId: body.org_instance_id,
      type: identifier.type,
      value: identifier.value,
      countryId: body.country_id,
    });
    // One counter per account, whichever identifier (e-mail, phone, username) named it.
    const identityKey = user ? `account:${user.id}` : `identifier:${identifier.type}:${identifier.value}`;
    const addressKey = `address:${meta.address}`;
    const lock = await this.#throttle.lockOf([
      [identityKey, this.#throttle.settings.maxPerIdentifier],
      [addressKey, this.#throttle.settings.maxPerAddress],
    ]);

    const passwordOk = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstNothing(body.password);
    const allowed =
      user !== undefined &&
      passwordOk &&
      user.status === 1 &&
      (user.company_id === null || user.company_status === 1) &&
      (body.company_id == null || user.company_id === body.company_id);
    const who = { user_id: user?.id ?? null, company_id: user?.company_id ?? null };

    if (lock) {
      if (allowed && (await this.#mayPassLock(user, body, meta, lock))) {
        await this.#throttle.clear(identityKey);
        return this.#nextStep(user, meta, body.totp_code !== undefined && user.totp_enabled);
      }
      if (!passwordOk) await this.#throttle.recordFailures([identityKey, addressKey]);
      meta.log('auth.login_locked', { ...who, lock: lock.counters.join(',') });
      throw tooManyAttempts('too_many_attempts', lock.seconds);
    }
    if (!allowed) {
      await this.#throttle.recordFailures([identityKey, addressKey]);
      meta.log('auth.login_failed', { ...who, reason: !user ? 'unknown_identifier' : !passwordOk ? 'wrong_password' : 'not_allowed' });
      throw new AppError(401, 'invalid_credentials');
    }
    await this.#throttle.clear(identityKey);
    // A code sent with the password is checked now (counted and once only), saving the verify step.
    const codeChecked = body.totp_code !== undefined && user.totp_enabled;
    if (codeChecked) await this.#twoFactor.acceptCode(user, user.totp_secret, body.totp_code ?? '', 'totp_code', meta.log);
    return this.#nextStep(user, meta, codeChecked);
  }

  /**
   * The owner's ways past a lock, which give an attacker nothing: the right password with a correct, unused
   * code (wrong codes count, and lock, on their own counter); or the right password from an address this
   * account signed in from before, while that address is not itself locked.
   */
  async #mayPassLock(user: UserWithCompany, body: LoginBody, meta: RequestMeta, lock: Lock): Promise<boolean> {
    if (body.totp_code !== undefined && user.totp_enabled && user.totp_secret) {
      try {
        await this.#twoFactor.acceptCode(user, user.totp_secret, body.totp_code, 'totp_code', meta.log);
        return true;
      } catch {
        return false;
      }
    }
    const addressLocked = lock.counters.includes('address');
    return !addressLocked && (await this.#users.hasSignedInFrom(user.id, meta.address));
  }

  /** After the password: a temporary password must be replaced, then a TOTP code checked, then a session. */
  async #nextStep(user: UserWithCompany, meta: RequestMeta, codeChecked = false): Promise<LoginOutcome> {
    const step: LoginStep | null = user.must_change_password ? 'change-password' : user.totp_enabled && !codeChecked ? 'verify' : null;
    if (!step) return { kind: 'signed-in', data: await this.#startSession(user, meta) };
    const stepToken = await this.#tokens.sign<'step'>({ typ: 'step', sub: String(user.id), step });
    return { kind: 'step', data: { context: step, step_token: stepToken, user_name: user.name, company_id: user.company_id } };
  }

  /** A new session (refresh family): its row, with the absolute end no refresh goes past, and a token pair. */
  async #startSession(user: UserWithCompany, meta: RequestMeta): Promise<SignedInData> {
    const family = randomUUID();
    const expiresAt = new Date(Date.now() + this.#sessions.maxAgeSeconds * 1000);
    await this.#users.insertSession({
      id: family,
      user_id: user.id,
      expires_at: expiresAt,
      ip: meta.address,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    });
    const pair = await this.#issueTokens(user, family, expiresAt);
    meta.log('auth.login_succeeded', { user_id: user.id, company_id: user.company_id, session_id: family });
    return { ...pair, user_data: toUserData(user), context: 'signed-in' };
  }

  async #issueTokens(user: Pick<UserRow, 'id' | 'role' | 'company_id'>, family: string, sessionEnd: Date): Promise<TokenPair> {
    const jti = randomUUID();
    await this.#users.insertRefreshToken({
      id: jti,
      family_id: family,
      user_id: user.id,
      expires_at: new Date(Math.min(Date.now() + this.#tokens.refreshTtlSeconds * 1000, sessionEnd.getTime())),
    });
    const [accessToken, refreshToken] = await Promise.all([
      this.#tokens.sign<'access'>(
        { typ: 'access', sub: String(user.id), role: user.role, company_id: user.company_id, fam: family },
        sessionEnd,
      ),
      this.#tokens.sign<'refresh'>({ typ: 'refresh', sub: String(user.id), jti, fam: family }, sessionEnd),
    ]);
    return { access_token: accessToken, refresh_token: refreshToken };
  }

  async #stepUser(stepToken: string, step: LoginStep): Promise<UserWithCompany> {
    const claims = await this.#tokens.verify(stepToken, 'step');
    if (claims.step !== step) throw new AppError(401, 'token_invalid');
    const user = await this.#users.findActiveById(Number(claims.sub));
    if (!user) throw new AppError(401, 'token_invalid');
    return user;
  }

  async verifyStep(body: VerifyStepBody, meta: RequestMeta): Promise<LoginOutcome> {
    const user = await this.#stepUser(body.step_token, 'verify');
    if (!user.totp_enabled || !user.totp_secret) throw new AppError(401, 'token_invalid');
    await this.#twoFactor.acceptCode(user, user.totp_secret, body.code, 'code', meta.log);
    return { kind: 'signed-in', data: await this.#startSession(user, meta) };
  }

  async changePasswordStep(body: ChangePasswordStepBody, meta: RequestMeta): Promise<LoginOutcome> {
    const user = await this.#stepUser(body.step_token, 'change-password');
    if (!user.must_change_password) throw new AppError(401, 'token_invalid');
    await assertNewPasswordAllowed(body.new_password, 'new_password');
    // The temporary password is known to whoever gave it: keeping it is not choosing one's own.
    if (await verifyPassword(user.password_hash, body.new_password)) throw fieldError('password_unchanged', 'new_password');
    const passwordHash = await hashPassword(body.new_password);
    await this.#db.transaction(async (tx) => {
      const users = createAuthRepository(tx);
      await users.updateUser(user.id, { password_hash: passwordHash, must_change_password: false });
      await users.revokeUserTokens(user.id);
      await auditOwnChange(
        tx,
        user,
        { password_hash: 'old', must_change_password: true },
        { password_hash: 'new', must_change_password: false },
      );
    });
    await notifyAccessChanged(this.#db, { userId: user.id });
    meta.log('auth.password_changed', { user_id: user.id, company_id: user.company_id, reason: 'temporary_password_replaced' });
    return this.#nextStep({ ...user, must_change_password: false }, meta);
  }

  /** The caller's user row while it may still act, else 401. */
  async #activeUser(userId: number): Promise<UserWithCompany> {
    const user = await this.#users.findActiveById(userId);
    if (!user) throw new AppError(401, 'token_invalid');
    return user;
  }

  /** Ends one session everywhere at once: its row and tokens, and every process's cached copy. */
  async #endSession(family: string): Promise<void> {
    await this.#users.revokeFamily(family);
    await notifyAccessChanged(this.#db, { family });
  }

  /**
   * Rotation: a refresh token works once; presenting it again ends its whole family. A session ends for
   * good at its absolute end or after its idle timeout; no refresh goes past either.
   */
  async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
    const claims = await this.#tokens.verify(refreshToken, 'refresh');
    const consumed = await this.#users.consumeRefreshToken(claims.jti);
    if (!consumed) {
      const known = await this.#users.findRefreshToken(claims.jti);
      if (known?.used_at) {
        await this.#endSession(known.family_id);
        const owner = await this.#users.findActiveById(known.user_id);
        meta.log('auth.refresh_reused', { user_id: known.user_id, company_id: owner?.company_id ?? null, session_id: known.family_id });
        meta.log('auth.session_revoked', {
          user_id: known.user_id,
          company_id: owner?.company_id ?? null,
          session_id: known.family_id,
          reason: 'refresh_token_reused',
        });
        throw new AppError(401, 'token_reused');
      }
      throw new AppError(401, 'token_invalid');
    }
    const session = await this.#users.findSession(consumed.family_id);
    if (!session || session.revoked_at) throw new AppError(401, 'token_invalid');
    const now = Date.now();
    if (session.expires_at.getTime() <= now || session.last_used_at.getTime() + this.#sessions.idleTimeoutSeconds * 1000 <= now) {
      await this.#endSession(session.id);
      throw new AppError(401, 'token_expired');
    }
    const user = await this.#users.findActiveById(consumed.user_id);
    if (!user) {
      await this.#endSession(consumed.family_id);
      throw new AppError(401, 'token_invalid');
    }
    await this.#users.touchSession(session.id);
    return this.#issueTokens(user, session.id, session.expires_at);
  }

  /** Sign-out ends the session's whole refresh family, and its access tokens with it. */
  async logout(refreshToken: string, meta: RequestMeta): Promise<void> {
    const claims = await this.#tokens.verify(refreshToken, 'refresh');
    const session = await this.#users.findSession(claims.fam);
    await this.#endSession(claims.fam);
    if (session && !session.revoked_at) {
      meta.log('auth.session_revoked', {
        user_id: session.user_id,
        company_id: session.company_id,
        session_id: session.id,
        reason: 'logout',
      });
    }
  }

  async details(caller: Caller): Promise<UserData> {
    const user = await this.#activeUser(caller.userId);
    return toUserData(user);
  }

  /** The caller changes their own password; every other session of theirs ends. */
  async changeOwnPassword(caller: Caller, body: AdminChangePasswordBody, meta: RequestMeta): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    if (!(await verifyPassword(user.password_hash, body.current_password))) {
      throw fieldError('wrong_current_password', 'current_password');
    }
    if (body.new_password === body.current_password) throw fieldError('password_unchanged', 'new_password');
    await assertNewPasswordAllowed(body.new_password, 'new_password');
    const passwordHash = await hashPassword(body.new_password);
    await this.#db.transaction(async (tx) => {
      const users = createAuthRepository(tx);
      await users.updateUser(user.id, { password_hash: passwordHash });
      await users.revokeUserTokens(user.id, caller.family);
      await auditOwnChange(tx, user, { password_hash: 'old' }, { password_hash: 'new' });
    });
    await notifyAccessChanged(this.#db, { userId: user.id });
    const who = { user_id: user.id, company_id: user.company_id };
    meta.log('auth.password_changed', { ...who, reason: 'own_change' });
    meta.log('auth.session_revoked', { ...who, reason: 'password_changed' });
  }

  /** Two-factor sign-in's setup, first half: a pending secret for the authenticator app (auth.totp.ts). */
  async startTotpSetup(caller: Caller, body: TotpSetupBody, meta: RequestMeta): Promise<{ secret: string; otpauth_url: string }> {
    return this.#twoFactor.startSetup(await this.#activeUser(caller.userId), body, meta.log);
  }

  /** Second half: a code from the app makes the pending secret the active one. */
  async enableTotp(caller: Caller, code: string, meta: RequestMeta): Promise<void> {
    await this.#twoFactor.enable(await this.#activeUser(caller.userId), code, meta.log);
  }

  /** Turns two-factor sign-in off; the password is asked again. */
  async disableTotp(caller: Caller, password: string, meta: RequestMeta): Promise<void> {
    await this.#twoFactor.disable(await this.#activeUser(caller.userId), password, meta.log);
  }
}
