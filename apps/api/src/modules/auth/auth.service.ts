import { randomUUID } from 'node:crypto';
import {
  type AdminChangePasswordBody,
  type ChangePasswordStepBody,
  type CompanyUser,
  type DriverAddBody,
  type IdentifierType,
  type LoginBody,
  type LoginStep,
  type LoginStepData,
  normalisePhone,
  type SignedInData,
  type TokenPair,
  type UserData,
  type VerifyStepBody,
} from '@ps/contracts';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../lib/passwords.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type AuthRepository, createAuthRepository, type UserListQuery, type UserRow, type UserWithCompany } from './auth.repository.ts';
import { permissionsOf } from './permissions.ts';
import type { TokenService } from './tokens.ts';

export interface ThrottleSettings {
  maxPerIdentifier: number;
  maxPerAddress: number;
  windowSeconds: number;
}

export type LoginOutcome = { kind: 'signed-in'; data: SignedInData } | { kind: 'step'; data: LoginStepData };

function identifierOf(body: LoginBody): { type: IdentifierType; value: string } {
  if (body.type === 'email') return { type: 'email', value: (body.email ?? '').trim().toLowerCase() };
  if (body.type === 'phone') return { type: 'phone', value: normalisePhone(body.phn_nbr ?? '') };
  return { type: 'username', value: (body.username ?? '').trim().toLowerCase() };
}

/** Who a user is, as every user shape in the API shows it (never the password hash or TOTP secret). */
function identityOf(user: UserRow) {
  return { id: user.id, name: user.name, email: user.email, phn_nbr: user.phn_nbr, username: user.username, role: user.role };
}

export function toUserData(user: UserWithCompany): UserData {
  return {
    ...identityOf(user),
    company_id: user.company_id,
    company_name: user.company_name,
    totp_enabled: user.totp_enabled,
    permissions: permissionsOf(user.role),
  };
}

export function toCompanyUser(user: UserRow): CompanyUser {
  return {
    ...identityOf(user),
    status: user.status === 1 ? 1 : 0,
    must_change_password: user.must_change_password,
    created_at: user.created_at.toISOString(),
  };
}

/** Maps a unique-index violation on users to the field that clashed. */
function userConflict(error: unknown): AppError | undefined {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return undefined;
  const field = { users_email_unique: 'email', users_phone_unique: 'phn_nbr', users_username_unique: 'username' } as const;
  const constraint = constraintOf(error) as keyof typeof field | undefined;
  if (constraint === 'users_email_unique') return conflict('email_taken', field[constraint]);
  if (constraint === 'users_phone_unique') return conflict('phone_taken', field[constraint]);
  if (constraint === 'users_username_unique') return conflict('username_taken', field[constraint]);
  return undefined;
}

export class AuthService {
  readonly #db: Db;
  readonly #users: AuthRepository;
  readonly #tokens: TokenService;
  readonly #throttle: ThrottleSettings;

  constructor(db: Db, tokens: TokenService, throttle: ThrottleSettings) {
    this.#db = db;
    this.#users = createAuthRepository(db);
    this.#tokens = tokens;
    this.#throttle = throttle;
  }

  get repository(): AuthRepository {
    return this.#users;
  }

  /**
   * Sign-in. Every failure (unknown identifier, wrong password, disabled user, inactive company, another
   * company) gives the same answer after the same work, and counts against the identifier and the address.
   */
  async login(body: LoginBody, address: string): Promise<LoginOutcome> {
    const identifier = identifierOf(body);
    const identifierKey = `identifier:${identifier.type}:${identifier.value}`;
    const addressKey = `address:${address}`;
    await this.#assertNotThrottled(identifierKey, addressKey);

    const user = await this.#users.findByIdentifier({
      orgInstanceId: body.org_instance_id,
      type: identifier.type,
      value: identifier.value,
      countryId: body.country_id,
    });
    const passwordOk = user ? await verifyPassword(user.password_hash, body.password) : await verifyAgainstNothing(body.password);
    const allowed =
      user !== undefined &&
      passwordOk &&
      user.status === 1 &&
      (user.company_id === null || user.company_status === 1) &&
      (body.company_id == null || user.company_id === body.company_id);
    if (!allowed) {
      await Promise.all([
        this.#users.recordFailure(identifierKey, this.#throttle.windowSeconds),
        this.#users.recordFailure(addressKey, this.#throttle.windowSeconds),
      ]);
      throw new AppError(401, 'invalid_credentials');
    }
    await this.#users.clearFailures(identifierKey);
    return this.#nextStep(user);
  }

  async #assertNotThrottled(identifierKey: string, addressKey: string): Promise<void> {
    const [byIdentifier, byAddress] = await Promise.all([
      this.#users.failuresFor(identifierKey, this.#throttle.windowSeconds),
      this.#users.failuresFor(addressKey, this.#throttle.windowSeconds),
    ]);
    const blocked = [
      byIdentifier.failures >= this.#throttle.maxPerIdentifier ? byIdentifier.windowStartedAt : null,
      byAddress.failures >= this.#throttle.maxPerAddress ? byAddress.windowStartedAt : null,
    ].filter((started): started is Date => started !== null);
    if (blocked.length === 0) return;
    const until = Math.max(...blocked.map((started) => started.getTime() + this.#throttle.windowSeconds * 1000));
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    throw new AppError(429, 'too_many_attempts', {
      vars: { count: Math.ceil(seconds / 60) },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /** After the password: a temporary password must be replaced, then a TOTP code checked, then a session. */
  async #nextStep(user: UserWithCompany): Promise<LoginOutcome> {
    const step: LoginStep | null = user.must_change_password ? 'change-password' : user.totp_enabled ? 'verify' : null;
    if (!step) return { kind: 'signed-in', data: await this.#startSession(user) };
    const stepToken = await this.#tokens.sign<'step'>({ typ: 'step', sub: String(user.id), step });
    return { kind: 'step', data: { context: step, step_token: stepToken, user_name: user.name, company_id: user.company_id } };
  }

  async #startSession(user: UserWithCompany): Promise<SignedInData> {
    const family = randomUUID();
    const pair = await this.#issueTokens(user, family);
    return { ...pair, user_data: toUserData(user), context: 'signed-in' };
  }

  async #issueTokens(user: Pick<UserRow, 'id' | 'role' | 'company_id'>, family: string): Promise<TokenPair> {
    const jti = randomUUID();
    await this.#users.insertRefreshToken({
      id: jti,
      family_id: family,
      user_id: user.id,
      expires_at: new Date(Date.now() + this.#tokens.refreshTtlSeconds * 1000),
    });
    const [accessToken, refreshToken] = await Promise.all([
      this.#tokens.sign<'access'>({ typ: 'access', sub: String(user.id), role: user.role, company_id: user.company_id, fam: family }),
      this.#tokens.sign<'refresh'>({ typ: 'refresh', sub: String(user.id), jti, fam: family }),
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

  async verifyStep(body: VerifyStepBody): Promise<LoginOutcome> {
    const user = await this.#stepUser(body.step_token, 'verify');
    if (!user.totp_enabled || !user.totp_secret) throw new AppError(401, 'token_invalid');
    const result = await verifyTotp({ secret: user.totp_secret, token: body.code, epochTolerance: 30 });
    if (!result.valid) throw fieldError('invalid_totp_code', 'code');
    return { kind: 'signed-in', data: await this.#startSession(user) };
  }

  async changePasswordStep(body: ChangePasswordStepBody): Promise<LoginOutcome> {
    const user = await this.#stepUser(body.step_token, 'change-password');
    if (!user.must_change_password) throw new AppError(401, 'token_invalid');
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
    return this.#nextStep({ ...user, must_change_password: false });
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

  /** Rotation: a refresh token works once; presenting it again ends its whole family. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await this.#tokens.verify(refreshToken, 'refresh');
    const consumed = await this.#users.consumeRefreshToken(claims.jti);
    if (!consumed) {
      const known = await this.#users.findRefreshToken(claims.jti);
      if (known?.used_at) {
        await this.#users.revokeFamily(known.family_id);
        throw new AppError(401, 'token_reused');
      }
      throw new AppError(401, 'token_invalid');
    }
    const user = await this.#users.findActiveById(consumed.user_id);
    if (!user) {
      await this.#users.revokeFamily(consumed.family_id);
      throw new AppError(401, 'token_invalid');
    }
    return this.#issueTokens(user, consumed.family_id);
  }

  /** Sign-out ends the session's whole refresh family. */
  async logout(refreshToken: string): Promise<void> {
    const claims = await this.#tokens.verify(refreshToken, 'refresh');
    await this.#users.revokeFamily(claims.fam);
  }

  async details(caller: Caller): Promise<UserData> {
    const user = await this.#activeUser(caller.userId);
    return toUserData(user);
  }

  /** The caller changes their own password; every other session of theirs ends. */
  async changeOwnPassword(caller: Caller, body: AdminChangePasswordBody): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    if (!(await verifyPassword(user.password_hash, body.current_password))) {
      throw fieldError('wrong_current_password', 'current_password');
    }
    const passwordHash = await hashPassword(body.new_password);
    await this.#db.transaction(async (tx) => {
      const users = createAuthRepository(tx);
      await users.updateUser(user.id, { password_hash: passwordHash });
      await users.revokeUserTokens(user.id, caller.family);
      await this.#auditOwnChange(tx, user, { password_hash: 'old' }, { password_hash: 'new' });
    });
  }

  async listAdmins(companyId: number, query: UserListQuery) {
    const { rows, total } = await this.#users.listCompanyUsers(companyId, ['admin'], query);
    return { items: rows.map(toCompanyUser), total };
  }

  /** Removes an admin of the caller's company: the row stays for the audit trail, sign-in and sessions end. */
  async deleteAdmin(caller: Caller, companyId: number, userId: number): Promise<void> {
    if (userId === caller.userId) throw new AppError(409, 'cannot_delete_self');
    await this.#db.transaction(async (tx) => {
      const users = createAuthRepository(tx);
      const target = await users.findActiveById(userId);
      if (!target || target.company_id !== companyId || target.role !== 'admin') throw notFound();
      await users.updateUser(userId, { deleted_at: new Date(), status: 0 });
      await users.revokeUserTokens(userId);
      await recordAudit(tx, {
        companyId,
        actorUserId: caller.userId,
        entity: 'user',
        entityId: userId,
        action: 'delete',
        before: toCompanyUser(target),
      });
    });
  }

  /** A driver's account with a temporary password; the first sign-in asks the driver for a new one. */
  async addDriver(caller: Caller, companyId: number, body: DriverAddBody): Promise<CompanyUser> {
    const passwordHash = await hashPassword(body.temporary_password);
    try {
      return await this.#db.transaction(async (tx) => {
        const users = createAuthRepository(tx);
        const phone = body.phn_nbr ? normalisePhone(body.phn_nbr) : null;
        const created = await users.insertUser({
          company_id: companyId,
          role: 'driver',
          name: body.name,
          email: body.email,
          phn_nbr: phone,
          country_id: phone ? (body.country_id ?? 94) : (body.country_id ?? null),
          password_hash: passwordHash,
          must_change_password: true,
        });
        const driver = toCompanyUser(created);
        await recordAudit(tx, {
          companyId,
          actorUserId: caller.userId,
          entity: 'user',
          entityId: created.id,
          action: 'create',
          after: driver,
        });
        return driver;
      });
    } catch (error) {
      throw userConflict(error) ?? error;
    }
  }

  /** First half of turning on two-factor sign-in: a new secret to put in an authenticator app. */
  async startTotpSetup(caller: Caller): Promise<{ secret: string; otpauth_url: string }> {
    const user = await this.#activeUser(caller.userId);
    const secret = generateSecret();
    await this.#users.updateUser(user.id, { totp_secret: secret, totp_enabled: false });
    const label = user.email ?? user.username ?? user.phn_nbr ?? String(user.id);
    return { secret, otpauth_url: generateURI({ issuer: 'Parking Solutions', label, secret }) };
  }

  /** Second half: a correct code from the app proves the secret is stored there; sign-in then asks for codes. */
  async enableTotp(caller: Caller, code: string): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    // No setup started: no code can match.
    if (!user.totp_secret) throw fieldError('invalid_totp_code', 'code');
    const result = await verifyTotp({ secret: user.totp_secret, token: code, epochTolerance: 30 });
    if (!result.valid) throw fieldError('invalid_totp_code', 'code');
    await this.#db.transaction(async (tx) => {
      await createAuthRepository(tx).updateUser(user.id, { totp_enabled: true });
      await this.#auditOwnChange(tx, user, { totp_enabled: false }, { totp_enabled: true });
    });
  }

  /** Turns two-factor sign-in off; the password is asked again. */
  async disableTotp(caller: Caller, password: string): Promise<void> {
    const user = await this.#activeUser(caller.userId);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw fieldError('wrong_current_password', 'password');
    }
    await this.#db.transaction(async (tx) => {
      await createAuthRepository(tx).updateUser(user.id, { totp_enabled: false, totp_secret: null });
      await this.#auditOwnChange(tx, user, { totp_enabled: user.totp_enabled }, { totp_enabled: false });
    });
  }
}
