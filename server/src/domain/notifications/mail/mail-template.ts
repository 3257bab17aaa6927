import { BRANDS, type BrandId } from '@portal/contracts/brands';
import { localClock } from './local-clock.ts';

/*
 * Incident mail (issue 15): the bundle of what opened or recovered, the reminder of what is still open and
 * the daily digest. Structured content travels as one JSON param (`payload`), rendered per locale into a
 * plain-text part and an HTML part with links.
 */

type Locale = 'en' | 'zh-TW';

export type IncidentMailState = 'opened' | 'reopened' | 'recovered' | 'open';

export interface IncidentMailLine {
  id: string;
  device: string | null;
  customer: string;
  site: string | null;
  category: string;
  type: string;
  /** ISO time the incident started. */
  since: string;
  state: IncidentMailState;
}

export interface ExpiringLicenseLine {
  customer: string;
  type: string;
  /** yyyy-mm-dd */
  expires: string;
  count: number;
}

export interface IncidentMailPayload {
  timeZone: string;
  /** `${PUBLIC_URL}` without a trailing slash. */
  portalUrl: string;
  unsubscribeUrl: string;
  incidents: IncidentMailLine[];
  /** Reminders: how long the incidents have been open, in minutes. */
  afterMinutes?: number;
  /** Digest only. */
  licenses?: ExpiringLicenseLine[];
}

const CATEGORY: Record<Locale, Record<string, string>> = {
  en: { CAMERA: 'Camera', SERVER: 'Server', CYBER: 'Cyber security', LICENSE: 'License' },
  'zh-TW': { CAMERA: '攝影機', SERVER: '伺服器', CYBER: '資安', LICENSE: '授權' },
};
const TYPE: Record<Locale, Record<string, string>> = {
  en: {
    OFFLINE: 'Offline',
    FIRMWARE_UPDATE_FAILED: 'Firmware update failed',
    RECORDING_FAILED: 'Recording failed',
    SMART_ERROR: 'S.M.A.R.T. error',
    DISK_FAILED: 'Disk failed',
    SERVER_CPU_HIGH: 'High CPU usage',
    SERVER_MEMORY_HIGH: 'High memory usage',
    NETWORK_HIGH: 'High network usage',
    SERVER_LOGIN_FAILED: 'Failed sign-ins',
    NETWORK_SESSION_HIGH: 'Too many network sessions',
    EXPIRED: 'Expired',
    EXPIRING: 'Expiring',
    UNLICENSED: 'Unlicensed',
  },
  'zh-TW': {
    OFFLINE: '離線',
    FIRMWARE_UPDATE_FAILED: '韌體更新失敗',
    RECORDING_FAILED: '錄影失敗',
    SMART_ERROR: 'S.M.A.R.T. 錯誤',
    DISK_FAILED: '硬碟故障',
    SERVER_CPU_HIGH: 'CPU 使用率過高',
    SERVER_MEMORY_HIGH: '記憶體使用率過高',
    NETWORK_HIGH: '網路使用率過高',
    SERVER_LOGIN_FAILED: '登入失敗',
    NETWORK_SESSION_HIGH: '網路連線數過多',
    EXPIRED: '已到期',
    EXPIRING: '即將到期',
    UNLICENSED: '未授權',
  },
};
const STATE: Record<Locale, Record<IncidentMailState, string>> = {
  en: { opened: 'OPENED', reopened: 'REOPENED', recovered: 'RECOVERED', open: 'STILL OPEN' },
  'zh-TW': { opened: '發生', reopened: '再次發生', recovered: '已恢復', open: '仍未解決' },
};

const WORDS = {
  en: {
    hello: 'Hello,',
    bundleIntro: (opened: number, recovered: number) =>
      opened > 0 && recovered > 0
        ? `${opened} incident(s) opened and ${recovered} recovered at your customers:`
        : opened > 0
          ? `${opened} incident(s) opened at your customers:`
          : `${recovered} incident(s) recovered at your customers:`,
    bundleSubject: (product: string, opened: number, recovered: number) =>
      opened > 0 && recovered > 0
        ? `${product}: ${opened} incident(s) opened, ${recovered} recovered`
        : opened > 0
          ? `${product}: ${opened} new incident(s)`
          : `${product}: ${recovered} incident(s) recovered`,
    reminderSubject: (product: string, n: number) => `${product}: ${n} incident(s) still open`,
    reminderIntro: (hours: string) => `These incidents are still open after ${hours}:`,
    digestSubject: (product: string) => `${product}: daily summary`,
    digestIntro: (n: number) => `Open incidents: ${n}.`,
    licensesIntro: (n: number) => `Licenses expiring within 30 days: ${n}.`,
    license: (l: ExpiringLicenseLine) => `${l.customer}: ${l.count} × ${l.type}, expires ${l.expires}`,
    since: 'since',
    open: 'Open',
    noIncidents: 'No open incidents.',
    more: (n: number, url: string) => `… and ${n} more: ${url}`,
    times: 'Times are in your time zone',
    unsubscribe: 'Stop these e-mails',
    duration: (minutes: number) =>
      minutes % 1440 === 0
        ? `${minutes / 1440} day(s)`
        : minutes % 60 === 0
          ? `${minutes / 60} hour(s)`
          : `${minutes} minute(s)`,
  },
  'zh-TW': {
    hello: '您好：',
    bundleIntro: (opened: number, recovered: number) =>
      opened > 0 && recovered > 0
        ? `您的客戶有 ${opened} 個事件發生、${recovered} 個事件已恢復：`
        : opened > 0
          ? `您的客戶有 ${opened} 個事件發生：`
          : `您的客戶有 ${recovered} 個事件已恢復：`,
    bundleSubject: (product: string, opened: number, recovered: number) =>
      opened > 0 && recovered > 0
        ? `${product}：${opened} 個事件發生，${recovered} 個已恢復`
        : opened > 0
          ? `${product}：${opened} 個新事件`
          : `${product}：${recovered} 個事件已恢復`,
    reminderSubject: (product: string, n: number) => `${product}：${n} 個事件仍未解決`,
    reminderIntro: (hours: string) => `以下事件在 ${hours}後仍未解決：`,
    digestSubject: (product: string) => `${product}：每日摘要`,
    digestIntro: (n: number) => `未解決的事件：${n} 個。`,
    licensesIntro: (n: number) => `30 天內到期的授權：${n} 筆。`,
    license: (l: ExpiringLicenseLine) => `${l.customer}：${l.count} × ${l.type}，到期日 ${l.expires}`,
    since: '開始於',
    open: '開啟',
    noIncidents: '沒有未解決的事件。',
    more: (n: number, url: string) => `……另有 ${n} 個事件：${url}`,
    times: '時間以您的時區顯示',
    unsubscribe: '停止接收這些郵件',
    duration: (minutes: number) =>
      minutes % 1440 === 0
        ? `${minutes / 1440} 天`
        : minutes % 60 === 0
          ? `${minutes / 60} 小時`
          : `${minutes} 分鐘`,
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The portal page that opens the incident's timeline. */
export const incidentUrl = (portalUrl: string, id: string) =>
  `${portalUrl}/incidents?state=all&incident=${encodeURIComponent(id)}`;

function formatTime(iso: string, timeZone: string): string {
  const { date, hour, minute } = localClock(new Date(iso), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date} ${pad(hour)}:${pad(minute)}`;
}

function describe(line: IncidentMailLine, locale: Locale, timeZone: string) {
  const words = WORDS[locale];
  const what = `${CATEGORY[locale][line.category] ?? line.category} · ${TYPE[locale][line.type] ?? line.type}`;
  const where = [line.customer, line.site].filter(Boolean).join(' / ');
  const device = line.device ?? where;
  return {
    state: STATE[locale][line.state],
    device,
    what,
    where,
    since: `${words.since} ${formatTime(line.since, timeZone)}`,
  };
}

interface Rendered {
  subject: string;
  lines: string[];
  html: string;
}

/** How many incidents one mail lists; the rest are counted, with a link to the incidents page. */
export const MAX_LISTED_INCIDENTS = 100;

function render(
  locale: Locale,
  payload: IncidentMailPayload,
  subject: string,
  intro: string[],
  outro: string[] = [],
): Rendered {
  const words = WORDS[locale];
  const lines: string[] = [words.hello, ...intro, ''];
  const rows: string[] = [];
  // A storm is one mail, but not one with ten thousand rows: the first ones, then the incidents page.
  const listed = payload.incidents.slice(0, MAX_LISTED_INCIDENTS);
  const more = payload.incidents.length - listed.length;
  const moreLine = more > 0 ? words.more(more, `${payload.portalUrl}/incidents`) : undefined;
  for (const incident of listed) {
    const d = describe(incident, locale, payload.timeZone);
    const url = incidentUrl(payload.portalUrl, incident.id);
    lines.push(`[${d.state}] ${d.device} — ${d.what} — ${d.where} — ${d.since}`, `  ${url}`);
    rows.push(
      `<tr><td style="padding:4px 8px;white-space:nowrap"><b>${escapeHtml(d.state)}</b></td><td style="padding:4px 8px">${escapeHtml(d.device)}</td><td style="padding:4px 8px">${escapeHtml(d.what)}</td><td style="padding:4px 8px">${escapeHtml(d.where)}</td><td style="padding:4px 8px">${escapeHtml(d.since)}</td><td style="padding:4px 8px;white-space:nowrap"><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></td></tr>`,
    );
  }
  if (moreLine) lines.push(moreLine);
  lines.push(...outro, '', `${words.times} (${payload.timeZone}).`);
  lines.push(`${words.unsubscribe}: ${payload.unsubscribeUrl}`);
  const html = [
    `<p>${escapeHtml(words.hello)}</p>`,
    ...intro.map((l) => `<p>${escapeHtml(l)}</p>`),
    rows.length > 0 ? `<table style="border-collapse:collapse">${rows.join('')}</table>` : '',
    moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
    ...outro.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><small>${escapeHtml(words.times)} (${escapeHtml(payload.timeZone)}).</small></p>`,
    `<p><small><a href="${escapeHtml(payload.unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></small></p>`,
  ].join('');
  return { subject, lines, html };
}

const parse = (params: Record<string, string>) => JSON.parse(params.payload ?? '{}') as IncidentMailPayload;

function bundle(locale: Locale) {
  return ({ brand, params }: { brand: BrandId; params: Record<string, string> }): Rendered => {
    const payload = parse(params);
    const recovered = payload.incidents.filter((i) => i.state === 'recovered').length;
    const opened = payload.incidents.length - recovered;
    const words = WORDS[locale];
    return render(locale, payload, words.bundleSubject(BRANDS[brand].productName, opened, recovered), [
      words.bundleIntro(opened, recovered),
    ]);
  };
}

function reminder(locale: Locale) {
  return ({ brand, params }: { brand: BrandId; params: Record<string, string> }): Rendered => {
    const payload = parse(params);
    const words = WORDS[locale];
    return render(
      locale,
      payload,
      words.reminderSubject(BRANDS[brand].productName, payload.incidents.length),
      [words.reminderIntro(words.duration(payload.afterMinutes ?? 60))],
    );
  };
}

function digest(locale: Locale) {
  return ({ brand, params }: { brand: BrandId; params: Record<string, string> }): Rendered => {
    const payload = parse(params);
    const words = WORDS[locale];
    const licenses = payload.licenses ?? [];
    return render(
      locale,
      payload,
      words.digestSubject(BRANDS[brand].productName),
      [payload.incidents.length > 0 ? words.digestIntro(payload.incidents.length) : words.noIncidents],
      ['', words.licensesIntro(licenses.length), ...licenses.map((l) => `• ${words.license(l)}`)],
    );
  };
}

export const incidentBundleTemplate = { en: bundle('en'), 'zh-TW': bundle('zh-TW') };
export const incidentReminderTemplate = { en: reminder('en'), 'zh-TW': reminder('zh-TW') };
export const incidentDigestTemplate = { en: digest('en'), 'zh-TW': digest('zh-TW') };
