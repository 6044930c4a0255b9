import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const secret = 'tokens-test-secret-long-enough-for-hs256-signing';
const claims = { typ: 'access', sub: '7', role: 'admin', company_id: 3, fam: 'family-1' } as const;

describe('TokenService.verify with remembered access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token verified before again, until it expires; then 401 token_expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = new TokenService(secret, { access: 60, refresh: 600, step: 60 });
    const token = await tokens.sign<'access'>(claims);
    expect(await tokens.verify(token, 'access')).toMatchObject({ sub: '7', fam: 'family-1' });
    expect(await tokens.verify(token, 'access')).toMatchObject({ sub: '7' });
    vi.setSystemTime(Date.now() + 61_000);
    await expect(tokens.verify(token, 'access')).rejects.toMatchObject({ statusCode: 401, code: 'token_expired' });
  });

  it('still refuses a token whose signature differs, and an access token presented as another type', async () => {
    const tokens = new TokenService(secret, { access: 60, refresh: 600, step: 60 });
    const token = await tokens.sign<'access'>(claims);
    await tokens.verify(token, 'access');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`;
    await expect(tokens.verify(forged, 'access')).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(tokens.verify(token, 'refresh')).rejects.toMatchObject({ code: 'token_invalid' });
    const otherKey = new TokenService(`${secret}-other`, { access: 60, refresh: 600, step: 60 });
    await expect(otherKey.verify(token, 'access')).rejects.toMatchObject({ code: 'token_invalid' });
  });
});
