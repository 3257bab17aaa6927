/** 'dana@example.com' → 'd***@e***', the form CodeDeliveryDetails.Destination takes (our choice, §11.7). */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
}
