import { randomUUID } from 'node:crypto';
import type { Role } from '@ps/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.ts';

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

export class TokenService {
  readonly #key: Uint8Array;
  readonly #ttls: TokenTtls;

  constructor(secret: string, ttls: TokenTtls) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttls = ttls;
  }

  get refreshTtlSeconds(): number {
    return this.#ttls.refresh;
  }

  sign<T extends TokenType>(claims: ClaimsOf<T>): Promise<string> {
    const { sub, ...rest } = claims;
    const ttl = this.#ttls[claims.typ];
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti('jti' in claims ? claims.jti : randomUUID())
      .setExpirationTime(`${ttl}s`)
      .sign(this.#key);
  }

  /** Verifies signature, algorithm, issuer, expiry and that the token is of the expected type. */
  async verify<T extends TokenType>(token: string, type: T): Promise<ClaimsOf<T>> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: [ALGORITHM], issuer: ISSUER });
      if (payload.typ !== type || typeof payload.sub !== 'string') throw new AppError(401, 'token_invalid');
      return payload as unknown as ClaimsOf<T>;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError(401, 'token_expired');
      throw new AppError(401, 'token_invalid');
    }
  }
}
