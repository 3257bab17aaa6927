import { BRANDS, type BrandId } from '@portal/contracts/brands';

interface TemplateInput {
  brand: BrandId;
  params: Record<string, string>;
}

/**
 * The mail to a company's owner when the portal disabled one of its webhooks after consecutive failures;
 * registered in domain/mail/templates.ts as 'webhook-disabled'. Params: name, url, failures, link.
 */
export const webhookDisabledTemplate = {
  en: ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}: webhook "${params.name}" was disabled`,
    lines: [
      'Hello,',
      `The webhook "${params.name}" (${params.url}) failed ${params.failures} times in a row, so it no longer receives incidents.`,
      'Check that the receiving system is up and answers with a 2xx status, then enable the webhook again and send a test.',
      `Manage your webhooks here: ${params.link}`,
    ],
  }),
  'zh-TW': ({ brand, params }: TemplateInput) => ({
    subject: `${BRANDS[brand].productName}：Webhook「${params.name}」已停用`,
    lines: [
      '您好：',
      `Webhook「${params.name}」（${params.url}）已連續失敗 ${params.failures} 次，因此不再接收事件通知。`,
      '請確認接收系統正常運作並回應 2xx 狀態碼，然後重新啟用此 Webhook 並傳送測試。',
      `在此管理您的 Webhook：${params.link}`,
    ],
  }),
};
