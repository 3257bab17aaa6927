import { BRANDS, type BrandId } from '@portal/contracts/brands';

interface TemplateInput {
  brand: BrandId;
  params: Record<string, string>;
}

/**
 * The mail asking a customer's contact to approve or deny a dealer's remote access; registered in
 * domain/mail/templates.ts as 'remote-access-request'. Params: dealer, organization, target, link, expiresAt.
 */
export const remoteAccessRequestTemplate = {
  en: ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}: ${params.dealer} asks for remote access`,
    lines: [
      'Hello,',
      `${params.dealer}, the dealer looking after ${params.organization}, asks for remote access to ${params.target}.`,
      `Approve or deny the request here: ${params.link}`,
      `The link works once and until ${params.expiresAt}. If you did not expect this request, deny it or ignore this mail.`,
    ],
  }),
  'zh-TW': ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}：${params.dealer} 請求遠端存取`,
    lines: [
      '您好：',
      `負責 ${params.organization} 的經銷商 ${params.dealer} 請求遠端存取 ${params.target}。`,
      `請在此核准或拒絕此請求：${params.link}`,
      `此連結僅能使用一次，有效至 ${params.expiresAt}。若您未預期此請求，請拒絕或忽略此郵件。`,
    ],
  }),
};

/**
 * The notice to a customer's previous contact e-mail when the dealer changes it (decision 0009); registered
 * as 'contact-email-changed'. Params: dealer, organization, newEmail, settleDate.
 */
export const contactEmailChangedTemplate = {
  en: ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}: the contact e-mail of ${params.organization} was changed`,
    lines: [
      'Hello,',
      `${params.dealer}, the dealer looking after ${params.organization}, changed its contact e-mail from this address to ${params.newEmail}.`,
      `Until ${params.settleDate}, requests for remote access to your systems still come to this address; after that they go to the new one.`,
      `If you did not ask for this change, contact ${params.dealer} or your provider before then.`,
    ],
  }),
  'zh-TW': ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}：${params.organization} 的聯絡電子郵件已變更`,
    lines: [
      '您好：',
      `負責 ${params.organization} 的經銷商 ${params.dealer} 已將聯絡電子郵件由此地址變更為 ${params.newEmail}。`,
      `在 ${params.settleDate} 之前，遠端存取您系統的請求仍會寄至此地址；之後將改寄至新地址。`,
      `若您未要求此變更，請在此之前聯絡 ${params.dealer} 或您的服務供應商。`,
    ],
  }),
};
