/**
 * The address of a From header: `Parking Solutions <no-reply@example.com>` → `no-reply@example.com`; a bare address
 * stays as it is. A company's mails pair this address (`MAIL_FROM`'s, which the mail server may send for) with the
 * company's own sender name.
 */
export function fromAddressOf(from: string): string {
  const match = from.match(/<([^<>\s]+)>\s*$/);
  return (match?.[1] ?? from).trim();
}
