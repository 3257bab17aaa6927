import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let demo: TestApp;
let production: TestApp;
beforeAll(async () => {
  demo = await buildTestApp({ BRAND: 'kestrel' });
  production = await buildTestApp({ MODE: 'production' });
});
afterAll(async () => {
  await production.close();
  await demo.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('mail without SMTP', () => {
  it('stores mail in the outbox in the recipient language and brand, and prints it in demo mode', async () => {
    const print = vi.spyOn(console, 'info').mockImplementation(() => {});
    await demo.app.mail.send({
      to: 'Li@example.com',
      locale: 'zh-TW',
      template: 'reset-code',
      params: { code: '123456' },
    });
    await demo.app.mail.send({
      to: 'li@example.com',
      locale: 'fr',
      template: 'reset-code',
      params: { code: '654321' },
    });
    expect(print).toHaveBeenCalledTimes(2);
    const res = await demo.app.inject('/api/dev/mailbox/messages?to=LI@example.com');
    const [english, chinese] = res.json().items;
    expect(chinese).toMatchObject({ locale: 'zh-TW', template: 'reset-code' });
    expect(chinese.subject).toBe('Kestrel Eye Partner Center：密碼重設驗證碼');
    expect(chinese.text).toContain('123456');
    expect(chinese.text).toContain('© 2025 Kestrel Eye Ltd.');
    expect(english.locale).toBe('en');
    expect(english.subject).toBe('Kestrel Eye Partner Center: your password reset code');
  });

  it('shows the development mailbox page, escaping content', async () => {
    await demo.app.mail.send({
      to: 'x@example.com',
      template: 'temporary-password',
      params: { username: '<b>x</b>', password: 'Abc12345', loginUrl: 'http://localhost/login' },
    });
    const page = await demo.app.inject('/api/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Development mailbox');
    expect(page.body).toContain('&#60;b&#62;x&#60;/b&#62;');
  });

  it('in production sends through SMTP, keeps no copy, prints nothing, and has no mailbox page', async () => {
    const print = vi.spyOn(console, 'info').mockImplementation(() => {});
    await production.app.mail.send({
      to: 'p@example.com',
      template: 'reset-code',
      params: { code: '777777' },
    });
    expect(print).not.toHaveBeenCalled();
    expect(production.smtp?.latestTextTo('p@example.com')).toContain('777777');
    expect(await production.app.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    expect((await production.app.inject('/api/dev/mailbox')).statusCode).toBe(404);
  });
});
