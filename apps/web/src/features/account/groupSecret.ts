/** A two-factor secret as people read and type it: groups of four characters. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
