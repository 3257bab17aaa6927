import { BRANDS, type BrandId } from '@portal/contracts/brands';
import type { PendingRequest } from '../../domain/remote-access/decision.ts';
import { formatUtc } from '../../domain/remote-access/mail.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const OUTCOMES: Record<Exclude<PendingRequest['state'], 'requesting'>, { title: string; text: string }> = {
  approved: {
    title: 'Remote access approved',
    text: 'The dealer can now reach it remotely for a limited time.',
  },
  denied: { title: 'Remote access denied', text: 'The dealer has been told that the request was denied.' },
  aborted: { title: 'Request withdrawn', text: 'The dealer withdrew this request; there is nothing to do.' },
  expired: {
    title: 'Link expired',
    text: 'This link is no longer valid. The dealer can send a new request.',
  },
  unknown: { title: 'Link not valid', text: 'This link is not valid or has already been used.' },
};

function layout(brand: BrandId, title: string, body: string): string {
  const { productName, companyName } = BRANDS[brand];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(productName)}</title><style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1d2330}h1{font-size:1.4rem}form{display:inline}button{font:inherit;padding:.6rem 1.4rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #2f5bd3;cursor:pointer}.approve{background:#2f5bd3;color:#fff}.deny{background:#fff;color:#2f5bd3}footer{margin-top:3rem;color:#667;font-size:.8rem}</style></head><body><p><b>${escapeHtml(productName)}</b></p><h1>${escapeHtml(title)}</h1>${body}<footer>Copyright © 2025 ${escapeHtml(companyName)} All Rights Reserved.</footer></body></html>`;
}

/** The approve/deny page of a pending request, or the outcome of a link that no longer asks anything. */
export function renderRemoteAccessPage(brand: BrandId, request: PendingRequest, action: string): string {
  if (request.state !== 'requesting') {
    const outcome = OUTCOMES[request.state];
    const answeredBy =
      request.state === 'approved' || request.state === 'denied'
        ? `<p>${request.state === 'approved' ? 'Approved' : 'Denied'} as <b>${escapeHtml(request.approverEmail)}</b>, the address this link was sent to.</p>`
        : '';
    return layout(brand, outcome.title, `<p>${escapeHtml(outcome.text)}</p>${answeredBy}`);
  }
  const until = request.expiresAt
    ? ` This link works until ${escapeHtml(formatUtc(request.expiresAt))}.`
    : '';
  const form = (decision: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="decision" value="${decision}"><button class="${decision}" type="submit">${label}</button></form>`;
  return layout(
    brand,
    'Remote access request',
    `<p><b>${escapeHtml(request.dealerName)}</b>, the dealer looking after <b>${escapeHtml(request.organizationName)}</b>, asks for remote access to ${escapeHtml(request.target)}.</p><p>This link was sent to <b>${escapeHtml(request.approverEmail)}</b>; your answer is recorded as coming from that address. Approve only if you expect this request.${until}</p>${form('approve', 'Approve')}${form('deny', 'Deny')}`,
  );
}
