import { BRANDS, type BrandId } from '@portal/contracts/brands';
import {
  incidentBundleTemplate,
  incidentDigestTemplate,
  incidentReminderTemplate,
} from '../notifications/mail/mail-template.ts';
import { webhookDisabledTemplate } from '../notifications/webhooks/mail-template.ts';
import { contactEmailChangedTemplate, remoteAccessRequestTemplate } from '../remote-access/mail-template.ts';

export type MailLocale = 'en' | 'zh-TW';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface TemplateInput {
  brand: BrandId;
  params: Record<string, string>;
}

/** `lines` make the text part (and the HTML part, one paragraph each, unless `html` gives its body). */
type Template = Record<
  MailLocale,
  (input: TemplateInput) => { subject: string; lines: string[]; html?: string }
>;

/**
 * Every mail the portal sends, per locale. Add a template here (e.g. remote-access approval) and
 * send it with `mail.send({ to, locale, template, params })`.
 */
export const TEMPLATES = {
  'reset-code': {
    en: ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}: your password reset code`,
      lines: [
        'Hello,',
        `Your password reset code is ${params.code}.`,
        'It is valid for one hour. If you did not ask to reset your password, you can ignore this mail.',
      ],
    }),
    'zh-TW': ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}：密碼重設驗證碼`,
      lines: [
        '您好：',
        `您的密碼重設驗證碼為 ${params.code}。`,
        '驗證碼一小時內有效。若您沒有要求重設密碼，請忽略此郵件。',
      ],
    }),
  },
  'sign-in-code': {
    en: ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}: your sign-in code`,
      lines: [
        'Hello,',
        `Your sign-in code is ${params.code}.`,
        `It is valid for ${params.minutes === '1' ? 'one minute' : `${params.minutes} minutes`} and works once. If you are not signing in right now, someone else knows your password: change it.`,
      ],
    }),
    'zh-TW': ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}：登入驗證碼`,
      lines: [
        '您好：',
        `您的登入驗證碼為 ${params.code}。`,
        `驗證碼 ${params.minutes} 分鐘內有效，且只能使用一次。若您目前並未登入，表示有他人知道您的密碼，請立即變更密碼。`,
      ],
    }),
  },
  'temporary-password': {
    en: ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}: your temporary password`,
      lines: [
        'Hello,',
        `Your account for ${BRANDS[brand].productName} is ready. Sign in at ${params.loginUrl}`,
        `Username: ${params.username}`,
        `Temporary password: ${params.password}`,
        'The temporary password is valid for 7 days. You will choose your own password when you first sign in.',
      ],
    }),
    'zh-TW': ({ brand, params }) => ({
      subject: `${BRANDS[brand].productName}：您的臨時密碼`,
      lines: [
        '您好：',
        `您的 ${BRANDS[brand].productName} 帳號已建立，請至 ${params.loginUrl} 登入。`,
        `使用者名稱：${params.username}`,
        `臨時密碼：${params.password}`,
        '臨時密碼七天內有效，首次登入時請設定您自己的密碼。',
      ],
    }),
  },
  'remote-access-request': remoteAccessRequestTemplate,
  'contact-email-changed': contactEmailChangedTemplate,
  'incident-bundle': incidentBundleTemplate,
  'incident-reminder': incidentReminderTemplate,
  'incident-digest': incidentDigestTemplate,
  'webhook-disabled': webhookDisabledTemplate,
} satisfies Record<string, Template>;

export type MailTemplate = keyof typeof TEMPLATES;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 'zh-TW', 'zh-Hant', 'zh_TW' → zh-TW; anything else → en (the fallback language). */
export function mailLocale(locale: string | null | undefined): MailLocale {
  return locale && /^zh[-_](tw|hant)/i.test(locale) ? 'zh-TW' : 'en';
}

export function renderMail(template: MailTemplate, locale: MailLocale, input: TemplateInput): RenderedMail {
  const rendered: { subject: string; lines: string[]; html?: string } = TEMPLATES[template][locale](input);
  const { subject, lines } = rendered;
  const brand = BRANDS[input.brand];
  const footer = `© 2025 ${brand.companyName}`;
  return {
    subject,
    text: [...lines, '', footer].join('\n'),
    html: `<!doctype html><html><body>${rendered.html ?? lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<hr><p><small>${escapeHtml(footer)}</small></p></body></html>`,
  };
}
