/**
 * The server's error `detail` texts that can reach a user, as translation keys (`errors.server.*`), so they
 * show in the user's language. The server's codes (extraType) are too coarse to tell them apart (NOT_FOUND,
 * CONFLICT, ...), and its texts are fixed strings in server/src, so they are matched exactly; a text not
 * listed here (e.g. a field validation message) is shown as the server wrote it.
 */
const EXACT: Readonly<Record<string, string>> = {
  'Something went wrong!': 'errors.somethingWentWrong',
  'Failed to send.': 'errors.server.sendFailed',
  'Please try it minutes later.': 'errors.server.tryLater',
  'Too many requests. Please try again later.': 'errors.server.tooManyRequests',
  'The service is temporarily unavailable. Please try again later.': 'errors.server.unavailable',
  'Service unavailable': 'errors.server.unavailable',
  'Account does not exist': 'errors.server.accountNotFound',
  'This account does not use a temporary password.': 'errors.server.noTemporaryPassword',
  'The Email Already Exists.': 'errors.server.emailExists',
  'Organization not found': 'errors.server.organizationNotFound',
  'Member not found': 'errors.server.memberNotFound',
  'Site not found': 'errors.server.siteNotFound',
  'Company not found': 'errors.server.companyNotFound',
  'Server not found': 'errors.server.serverNotFound',
  'Incident not found': 'errors.server.incidentNotFound',
  'Device not found': 'errors.server.deviceNotFound',
  'Webhook not found': 'errors.server.webhookNotFound',
  'API key not found': 'errors.server.apiKeyNotFound',
  'Only the company owner can do this.': 'errors.server.ownerOnly',
  'Only dealers can use this.': 'errors.server.dealerOnly',
  'This is not available for your brand.': 'errors.server.vendorNotAllowed',
  'Your position in the reseller hierarchy does not allow this.': 'errors.server.hierarchyNotAllowed',
  'Your role cannot use this.': 'errors.server.roleNotAllowed',
  'This view is read-only.': 'errors.server.readOnlyView',
  // Issue 25 item 7: the company's two-step sign-in policy.
  'Your company requires two-step sign-in.': 'errors.server.twoStepRequired',
  'Change your own two-step sign-in in your profile settings.': 'errors.server.resetOwnTwoStep',
  'Set up two-step sign-in for yourself first.': 'errors.server.twoStepOwnerFirst',
  'The read-only view does not include this.': 'errors.server.notInView',
  'Partner not found': 'errors.server.partnerNotFound',
  'Notification rule not found': 'errors.server.notificationRuleNotFound',
  'A recipient is not a member of your company.': 'errors.server.recipientNotMember',
  'A customer is not one of your customers.': 'errors.server.customerNotYours',
  'This unsubscribe link is not valid.': 'errors.server.unsubscribeLinkInvalid',
  'This unsubscribe link has expired.': 'errors.server.unsubscribeLinkExpired',
  'The owner cannot be deleted.': 'errors.server.ownerNotDeletable',
  'Your account is no longer a member of a company': 'errors.server.noCompany',
  'Your session is invalid or has expired.': 'errors.server.sessionExpired',
  'Invalid or expired token': 'errors.server.sessionExpired',
  'Authentication required': 'errors.server.sessionExpired',
  'Remote access to this customer is not enabled.': 'errors.server.remoteAccessNotEnabled',
  'Remote access is already enabled.': 'errors.server.remoteAccessEnabled',
  'Remote access is already being requested.': 'errors.server.remoteAccessRequesting',
  'No remote access request is pending.': 'errors.server.remoteAccessNotPending',
  'The customer has no contact e-mail to ask for approval.': 'errors.server.noContactEmail',
  'A server is listed more than once.': 'errors.server.serverListedTwice',
  // SPEC §5, notifications (issue 15): webhook and rule names, webhook URLs and body templates.
  'Invalid JSON format.': 'errors.server.invalidJson',
  'IP address is not allowed when sent by server. Please use domain name instead.':
    'errors.server.ipHostNotAllowed',
  'Special characters are not allowed': 'errors.server.specialCharacters',
  'The URL must start with http:// or https://': 'errors.server.invalidUrl',
  // Issue 23: live-update streams beyond the limits per member and per company.
  'Too many live update connections are open for your account. Close other tabs of the portal and try again.':
    'errors.server.liveStreamsPerMember',
  'Too many live update connections are open for your company. Please try again later.':
    'errors.server.liveStreamsPerCompany',
  // Issue 27: the audit log's export is capped; a narrower date range fits.
  'Too many entries to export at once. Narrow the date range.': 'errors.server.auditExportTooLarge',
};

/** Texts with a name in them: the pattern's named groups become the translation's values. */
const PATTERNS: readonly { pattern: RegExp; key: string }[] = [
  {
    pattern: /^Remote access to (?<name>.+) is already enabled\.$/,
    key: 'errors.server.serverRemoteAccessEnabled',
  },
  {
    pattern: /^Remote access to (?<name>.+) is already being requested\.$/,
    key: 'errors.server.serverRemoteAccessRequesting',
  },
  // Issue 23: the webhook cap per company and the test throttle per webhook.
  {
    pattern: /^A company can have at most (?<limit>\d+) webhooks\. Delete one before adding another\.$/,
    key: 'errors.server.webhookLimit',
  },
  {
    pattern:
      /^This webhook was tested moments ago\. Please wait (?<seconds>\d+) seconds before testing it again\.$/,
    key: 'errors.server.webhookTestTooSoon',
  },
];

export interface ServerMessage {
  key: string;
  values?: Record<string, string>;
}

/** The translation of a server error text, or undefined to show the text as it came. */
export function serverMessage(detail: string): ServerMessage | undefined {
  const key = EXACT[detail];
  if (key) return { key };
  for (const { pattern, key: patternKey } of PATTERNS) {
    const match = pattern.exec(detail);
    if (match) return { key: patternKey, values: { ...match.groups } };
  }
  return undefined;
}

/** Every key this module can answer with (for the locale test). */
export const SERVER_MESSAGE_KEYS: readonly string[] = [
  ...new Set([...Object.values(EXACT), ...PATTERNS.map(({ key }) => key)]),
];
