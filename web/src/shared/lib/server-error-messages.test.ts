import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { TRANSLATIONS, type Tree } from '@/shared/i18n/resources.ts';
import { ApiError } from './api-error.ts';
import { notificationFor } from './error-notification.ts';
import { SERVER_MESSAGE_KEYS, serverMessage } from './server-error-messages.ts';

await initI18n('en');

function lookup(tree: Tree, key: string): string | undefined {
  let node: Tree | string | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('server error texts in the user language', () => {
  it('maps known server texts to translation keys and leaves others as they came', () => {
    expect(serverMessage('Failed to send.')).toEqual({ key: 'errors.server.sendFailed' });
    expect(serverMessage('Organization not found')).toEqual({ key: 'errors.server.organizationNotFound' });
    expect(serverMessage('Remote access to NVR Lobby is already enabled.')).toEqual({
      key: 'errors.server.serverRemoteAccessEnabled',
      values: { name: 'NVR Lobby' },
    });
    expect(serverMessage('name: Too long')).toBeUndefined();
  });

  it('maps the webhook limit and the test throttle with their numbers (issue 23)', () => {
    expect(
      serverMessage('A company can have at most 25 webhooks. Delete one before adding another.'),
    ).toEqual({
      key: 'errors.server.webhookLimit',
      values: { limit: '25' },
    });
    expect(
      serverMessage('This webhook was tested moments ago. Please wait 8 seconds before testing it again.'),
    ).toEqual({ key: 'errors.server.webhookTestTooSoon', values: { seconds: '8' } });
  });

  it.each(['en', 'zh-TW'] as const)('has a %s text for every key it answers with', (language) => {
    for (const key of SERVER_MESSAGE_KEYS) expect(lookup(TRANSLATIONS[language], key), key).toBeTruthy();
  });

  it('words the English translation exactly as the server does', () => {
    for (const detail of ['Failed to send.', 'Please try it minutes later.', 'The Email Already Exists.']) {
      const message = serverMessage(detail);
      expect(message && lookup(TRANSLATIONS.en, message.key)).toBe(detail);
    }
  });

  it('shows an uncaught server error in Traditional Chinese', async () => {
    const error = new ApiError({
      type: 'api',
      message: 'Something went wrong!',
      messageKey: 'errors.somethingWentWrong',
      status: 500,
    });
    const notification = notificationFor(error);
    expect(notification).toEqual({ key: 'errors.somethingWentWrong' });
    await i18n.changeLanguage('zh-TW');
    try {
      expect(notification && 'key' in notification && i18n.t(notification.key)).toBe('發生錯誤！');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  // A drift guard: a new user-facing text in the server needs a translation here (or a place below).
  it('knows every fixed error text the server answers with', () => {
    // The repository root: the nearest folder up from where vitest runs that holds server/src.
    let root = process.cwd();
    while (!existsSync(join(root, 'server/src')) && dirname(root) !== root) root = dirname(root);
    const serverSource = join(root, 'server/src');
    const call =
      /(?:notFound|forbidden|conflict|badRequest|unauthorized|new HttpError)\(\s*(?:\d+,\s*)?'([^']+)'/g;
    const texts = new Set<string>();
    for (const file of readdirSync(serverSource, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      for (const match of readFileSync(join(serverSource, file), 'utf8').matchAll(call)) texts.add(match[1]!);
    }
    // Texts only a developer or a forged request meets: shown as they came.
    const developerFacing = new Set([
      'Cross-site request refused',
      'This token cannot be used here',
      'Login records are for your own account.',
      'timestamp: must be the time of the sign-in',
      'Invalid cursor: pass back the next_cursor of the previous page.',
      'Invalid characters: NUL',
      // The platforms' ingest API and a forged list cursor.
      'Invalid ingest key',
      'cursor: Invalid cursor',
      // The partner API (issue 27): a partner's own tools read it, not the web app.
      'Customer not found',
    ]);
    expect(texts.size).toBeGreaterThan(10);
    const untranslated = [...texts].filter((text) => !developerFacing.has(text) && !serverMessage(text));
    expect(untranslated).toEqual([]);
  });
});
