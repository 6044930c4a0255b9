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
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../kit/audit.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { assertNewPasswordAllowed, hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/auth.ts';
import { notifyAccessChanged } from './access.ts';
import { type AuthRepository, createAuthRepository, type UserRow, type UserWithCompany } from './auth.repository.ts';
import { rolePermissionSet } from './permissions.ts';
import type { SecurityLogger } from './security-events.ts';
import type { TokenService } from './tokens.ts';

export interface ThrottleSettings {
  maxPerIdentifier: number;
  maxPerAddress: number;
  windowSeconds: number;
}

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

/** A lock in force: which counters are at their limit and how long until the last of them lifts. */
interface Lock {
  seconds: number;
  counters: string[];
}

function identifierOf(body: LoginBody): { type: IdentifierType; value: string } {
  if (body.type === 'email') return { type: 'email', value: (body.email ?? '').trim().toLowerCase() };
  if (body.type === 'phone') return { type: 'phone', value: normalisePhone(body.phn_nbr ?? '') };
  return { type: 'username', value: (body.username ?? '').trim().toLowerCase() };
}

/** Who a user is, as every user shape in the API shows it (never the password hash or TOTP secret). */
export function identityOf(user: UserRow) {
  return { id: user.id, name: user.name, email: user.email, phn_nbr: user.phn_nbr, username: user.username, role: user.role };
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
  readonly #throttle: ThrottleSettings;
  readonly #sessions: SessionSettings;

  constructor(db: Db, tokens: TokenService, throttle: ThrottleSettings, sessionSettings: SessionSettings) {
    this.#db = db;
    this.#users = createAuthRepository(db);
    this.#tokens = tokens;
    this.#throttle = throttle;
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
    const lock = await this.#lockOf([
      [identityKey, this.#throttle.maxPerIdentifier],
      [addressKey, this.#throttle.maxPerAddress],
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
        await this.#users.clearFailures(identityKey);
        return this.#nextStep(user, meta, body.totp_code !== undefined && user.totp_enabled);
      }
      if (!passwordOk) await this.#recordFailures([identityKey, addressKey]);
      meta.log('auth.login_locked', { ...who, lock: lock.counters.join(',') });
      throw tooManyAttempts('too_many_attempts', lock.seconds);
    }
    if (!allowed) {
      await this.#recordFailures([identityKey, addressKey]);
      meta.log('auth.login_failed', { ...who, reason: !user ? 'unknown_identifier' : !passwordOk ? 'wrong_password' : 'not_allowed' });
      throw new AppError(401, 'invalid_credentials');
    }
    await this.#users.clearFailures(identityKey);
    // A code sent with the password is checked now (counted and once only), saving the verify step.
    const codeChecked = body.totp_code !== undefined && user.totp_enabled;
    if (codeChecked) await this.#acceptCode(user, user.totp_secret, body.totp_code ?? '', 'totp_code', meta);
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
        await this.#acceptCode(user, user.totp_secret, body.totp_code, 'totp_code', meta);
        return true;
      } catch {
        return false;
      }
    }
    const addressLocked = lock.counters.includes('address');
    return !addressLocked && (await this.#users.hasSignedInFrom(user.id, meta.address));
  }

  /** The lock in force over these counters (key, limit), if any. */
  async #lockOf(counters: Array<[key: string, max: number]>): Promise<Lock | undefined> {
    const states = await Promise.all(counters.map(([key]) => this.#users.failuresFor(key, this.#throttle.windowSeconds)));
    const locked = counters
      .map(([key, max], index) => ({ key, started: (states[index]?.failures ?? 0) >= max ? states[index]?.windowStartedAt : null }))
      .filter((entry): entry is { key: string; started: Date } => entry.started instanceof Date);
    if (locked.length === 0) return undefined;
    const until = Math.max(...locked.map(({ started }) => started.getTime() + this.#throttle.windowSeconds * 1000));
    return {
      seconds: Math.max(1, Math.ceil((until - Date.now()) / 1000)),
      counters: locked.map(({ key }) => key.slice(0, key.indexOf(':'))),
    };
  }

  async #recordFailures(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.#users.recordFailure(key, this.#throttle.windowSeconds)));
  }

  /**
   * Checks a TOTP code for this account: refused while the account's wrong codes are at the limit (429),
   * counted when wrong, and accepted at most once: a code of a time step already used (or older) is refused
   * like a wrong one (ASVS V6.5.1).
   */
  async #acceptCode(user: UserRow, secret: string | null, code: string, field: string, meta: RequestMeta): Promise<void> {
    const key = `totp:${user.id}`;
    const who = { user_id: user.id, company_id: user.company_id };
    const lock = await this.#lockOf([[key, this.#throttle.maxPerIdentifier]]);
    if (lock) {
      meta.log('auth.totp_locked', { ...who, lock: 'totp' });
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
    if (!result.valid || !('timeStep' in result) || !(await this.#users.acceptTotpStep(user.id, result.timeStep))) {
      await this.#recordFailures([key]);
      meta.log('auth.totp_failed', { ...who, reason: result.valid ? 'replayed' : 'wrong_code' });
      throw fieldError('invalid_totp_code', field);
    }
    await this.#users.clearFailures(key);
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
    await this.#acceptCode(user, user.totp_secret, body.code, 'code', meta);
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
      await this.#auditOwnChange(
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

  /** A change users make to their own account, audited in the change's transaction. */
  #auditOwnChange(tx: DbOrTx, user: UserWithCompany, before: Record<string, unknown>, after: Record<string, unknown>) {
    return recordAudit(tx, {
      companyId: user.company_id,
      actorUserId: user.id,
      entity: 'user',
      entityId: user.id,
      action: 'update',
      before,
      after,
    });
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
      await this.#auditOwnChange(tx, user, { password_hash: 'old' }, { password_hash: 'new' });
    });
    await notifyAccessChanged(this.#db, { userId: user.id });
    const who = { user_id: user.id, company_id: user.company_id };
    meta.log('auth.password_changed', { ...who, reason: 'own_change' });
    meta.log('auth.session_revoked', { ...who, reason: 'password_changed' });
  }

  /**
   * First half of turning on (or replacing) two-factor sign-in: a new secret to put in an authenticator app.
   * It is kept apart as pending: the active two-factor, if any, is untouched until `enableTotp` confirms the
   * new secret with a code. With two-factor already on, the password or a current code is asked first.
   */
  async startTotpSetup(caller: Caller, body: TotpSetupBody, meta: RequestMeta): Promise<{ secret: string; otpauth_url: string }> {
    const user = await this.#activeUser(caller.userId);
    if (user.totp_enabled) {
      if (body?.password !== undefined) {
        if (!(await verifyPassword(user.password_hash, body.password))) throw fieldError('wrong_current_password', 'password');
      } else if (body?.code !== undefined) {
        await this.#acceptCode(user, user.totp_secret, body.code, 'code', meta);
      } else {
        throw fieldError('reauth_required', 'password');
      }
    }
    const secret = generateSecret();
    await this.#db.transaction(async (tx) => {
      await createAuthRepository(tx).updateUser(user.id, { totp_pending_secret: secret });
      await this.#auditOwnChange(tx, user, { totp_pending_secret: user.totp_pending_secret }, { totp_pending_secret: secret });
    });
    meta.log('auth.totp_setup_started', { user_id: user.id, company_id: user.company_id });
    const label = user.email ?? user.username ?? user.phn_nbr ?? String(user.id);
    return { secret, otpauth_url: generateURI({ issuer: 'Parking Solutions', label, secret }) };
  }

  /** Second half: a correct code from the app proves the pending secret is stored there; it becomes the active one. */
  async enableTotp(caller: Caller, code: string, meta: RequestMeta): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    // No setup started: no code can match (still counted, like any wrong code).
    const pending = user.totp_pending_secret;
    await this.#acceptCode(user, pending, code, 'code', meta);
    await this.#db.transaction(async (tx) => {
      await createAuthRepository(tx).updateUser(user.id, { totp_enabled: true, totp_secret: pending, totp_pending_secret: null });
      await this.#auditOwnChange(
        tx,
        user,
        { totp_enabled: user.totp_enabled, totp_secret: user.totp_secret, totp_pending_secret: pending },
        { totp_enabled: true, totp_secret: pending, totp_pending_secret: null },
      );
    });
    meta.log('auth.totp_enabled', {
      user_id: user.id,
      company_id: user.company_id,
      reason: user.totp_enabled ? 'secret_replaced' : 'turned_on',
    });
  }

  /** Turns two-factor sign-in off; the password is asked again. */
  async disableTotp(caller: Caller, password: string, meta: RequestMeta): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw fieldError('wrong_current_password', 'password');
    }
    await this.#db.transaction(async (tx) => {
      await createAuthRepository(tx).updateUser(user.id, { totp_enabled: false, totp_secret: null, totp_pending_secret: null });
      await this.#auditOwnChange(tx, user, { totp_enabled: user.totp_enabled }, { totp_enabled: false });
    });
    meta.log('auth.totp_disabled', { user_id: user.id, company_id: user.company_id });
  }
}

function tooManyAttempts(code: 'too_many_attempts' | 'too_many_code_attempts', seconds: number): AppError {
  return new AppError(429, code, { vars: { count: Math.ceil(seconds / 60) }, headers: { 'retry-after': String(seconds) } });
}
