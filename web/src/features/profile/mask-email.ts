/**
 * The masked email of the profile dialog: the first character of the local part, then '***', then the
 * domain (`owner@northwind.example` → `o***@northwind.example`). Text without an '@' is masked whole.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email === '' ? '' : `${[...email][0]}***`;
  const first = [...email.slice(0, at)][0];
  return `${first}***${email.slice(at)}`;
}
