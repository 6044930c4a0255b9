import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import type { Role } from '@ps/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

/** The one signing algorithm accepted; a token with `alg: none` or any other algorithm is refused. */
const ALGORITHM = 'HS256';
const ISSUER = 'parking-solutions';

export type TokenType = 'access' | 'refresh' | 'step';

export interface AccessClaims {
  typ: 'access';
  sub: string;
  role: Role;
  company_id: number | null;
  /** The refresh-token family of this sign-in, so a password change can keep the current session. */
  fam: string;
}
export interface RefreshClaims {
  typ: 'refresh';
  sub: string;
  jti: string;
  fam: string;
}
export interface StepClaims {
  typ: 'step';
  sub: string;
  /** The one step this token is good for. */
  step: 'verify' | 'change-password';
}
type ClaimsOf<T extends TokenType> = T extends 'access' ? AccessClaims : T extends 'refresh' ? RefreshClaims : StepClaims;

export interface TokenTtls {
  access: number;
  refresh: number;
  step: number;
}

/** How many verified access tokens are remembered (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  readonly #key: KeyObject;
  readonly #ttls: TokenTtls;
  /**
   * Access tokens whose signature, algorithm, issuer and type were verified, by their exact text. Verifying
   * the same text again proves nothing new, so a hit only re-checks expiry. Revocation is not decided here:
   * the session check (plugins/access.ts) runs on every request whatever this says.
   */
  readonly #verifiedAccess = new Map<string, AccessClaims & { exp: number }>();

  constructor(secret: string, ttls: TokenTtls) {
    // Imported once: jose would otherwise import a raw secret again on every sign and verify.
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.#ttls = ttls;
  }

  get refreshTtlSeconds(): number {
    return this.#ttls.refresh;
  }

  /**
   * Signs a token of its type's lifetime, or shorter when `notAfter` (the session's absolute end) comes
   * first: no token outlives its session.
   */
  sign<T extends TokenType>(claims: ClaimsOf<T>, notAfter?: Date): Promise<string> {
    const { sub, ...rest } = claims;
    const now = Math.floor(Date.now() / 1000);
    const ownEnd = now + this.#ttls[claims.typ];
    const end = notAfter ? Math.min(ownEnd, Math.floor(notAfter.getTime() / 1000)) : ownEnd;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setJti('jti' in claims ? claims.jti : randomUUID())
      .setExpirationTime(end)
      .sign(this.#key);
  }

  /** Verifies signature, algorithm, issuer, expiry and that the token is of the expected type. */
  async verify<T extends TokenType>(token: string, type: T): Promise<ClaimsOf<T>> {
    if (type === 'access') {
      const known = this.#verifiedAccess.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known as unknown as ClaimsOf<T>;
        this.#verifiedAccess.delete(token);
        throw new AppError(401, 'token_expired');
      }
    }
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (payload.typ !== type || typeof payload.sub !== 'string') throw new AppError(401, 'token_invalid');
      if (type === 'access' && typeof payload.exp === 'number')
        this.#rememberAccess(token, payload as unknown as AccessClaims & { exp: number });
      return payload as unknown as ClaimsOf<T>;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'token_expired');
      throw new AppError(401, 'token_invalid');
    }
  }

  #rememberAccess(token: string, claims: AccessClaims & { exp: number }): void {
    if (this.#verifiedAccess.size >= VERIFIED_CACHE_SIZE) {
      const oldest = this.#verifiedAccess.keys().next().value;
      if (oldest !== undefined) this.#verifiedAccess.delete(oldest);
    }
    this.#verifiedAccess.set(token, claims);
  }
}
