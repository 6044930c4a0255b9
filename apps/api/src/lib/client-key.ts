/**
 * `Authorization: Basic base64(company_id:client_key)`, as a company's web site and the sign-in page send it: the company
 * id and the key it names, or null when the header is not of that form (its key is checked by the caller).
 */
export function parseClientKeyHeader(header: string | undefined): { companyId: number; key: string } | null {
  const encoded = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  const companyId = Number(decoded.slice(0, separator));
  const key = decoded.slice(separator + 1);
  return separator >= 1 && Number.isInteger(companyId) && companyId > 0 && key ? { companyId, key } : null;
}
