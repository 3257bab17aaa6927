import { BRANDS, type BrandId } from '@portal/contracts/brands';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type UnsubscribePageState = 'confirm' | 'done' | 'invalid' | 'expired';
type Locale = 'en' | 'zh-TW';

const TEXT: Record<
  Locale,
  Record<UnsubscribePageState, { title: string; text: string }> & { button: string }
> = {
  en: {
    confirm: {
      title: 'Stop incident e-mails?',
      text: 'You will no longer receive e-mail about the incidents of your customers at {email}. You can turn them on again in the portal under My company → Notifications.',
    },
    done: {
      title: 'You are unsubscribed',
      text: 'No more incident e-mails will be sent to {email}. You can turn them on again in the portal under My company → Notifications.',
    },
    invalid: {
      title: 'Link not valid',
      text: 'This unsubscribe link is not valid. Use the link of a recent e-mail, or change your notifications in the portal.',
    },
    expired: {
      title: 'Link expired',
      text: 'This unsubscribe link has expired. Use the link of a recent e-mail, or change your notifications in the portal.',
    },
    button: 'Unsubscribe',
  },
  'zh-TW': {
    confirm: {
      title: '停止接收事件通知郵件？',
      text: '{email} 將不再收到關於您客戶事件的郵件。您可以在入口網站的「我的公司 → 通知」中重新開啟。',
    },
    done: {
      title: '已取消訂閱',
      text: '{email} 將不再收到事件通知郵件。您可以在入口網站的「我的公司 → 通知」中重新開啟。',
    },
    invalid: {
      title: '連結無效',
      text: '此取消訂閱連結無效。請使用最近郵件中的連結，或在入口網站中變更通知設定。',
    },
    expired: {
      title: '連結已過期',
      text: '此取消訂閱連結已過期。請使用最近郵件中的連結，或在入口網站中變更通知設定。',
    },
    button: '取消訂閱',
  },
};

/** The unsubscribe page: a confirm button (GET never unsubscribes: mail scanners prefetch links). */
export function renderUnsubscribePage(options: {
  brand: BrandId;
  locale: Locale;
  state: UnsubscribePageState;
  email?: string;
  token?: string;
  action: string;
}): string {
  const { productName, companyName } = BRANDS[options.brand];
  const words = TEXT[options.locale][options.state];
  const text = escapeHtml(words.text).replace('{email}', `<b>${escapeHtml(options.email ?? '')}</b>`);
  const form =
    options.state === 'confirm' && options.token
      ? `<form method="post" action="${escapeHtml(options.action)}"><input type="hidden" name="token" value="${escapeHtml(options.token)}"><button type="submit">${escapeHtml(TEXT[options.locale].button)}</button></form>`
      : '';
  return `<!doctype html><html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.title)} · ${escapeHtml(productName)}</title><style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d2330}h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.4rem;margin-top:.5rem;border-radius:6px;border:1px solid #2f5bd3;background:#2f5bd3;color:#fff;cursor:pointer}footer{margin-top:3rem;color:#667;font-size:.8rem}</style></head><body><p><b>${escapeHtml(productName)}</b></p><h1>${escapeHtml(words.title)}</h1><p>${text}</p>${form}<footer>Copyright © 2025 ${escapeHtml(companyName)} All Rights Reserved.</footer></body></html>`;
}
