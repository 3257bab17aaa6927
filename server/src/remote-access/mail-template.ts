import { BRANDS, type BrandId } from '@portal/contracts/brands';

interface TemplateInput {
  brand: BrandId;
  params: Record<string, string>;
}

/**
 * The mail asking a customer's contact to approve or deny a dealer's remote access; registered in
 * mail/templates.ts as 'remote-access-request'. Params: dealer, organization, target, link, expiresAt.
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
