import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives: production needs SMTP_URL, tests get this one. */
export interface SmtpSink {
  url: string;
  received: ParsedMail[];
  /** The text of the newest mail to `address` (throws when none came). */
  latestTextTo(address: string): string;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-connection (a portal the fault tests kill -9) resets its socket: smtp-server
  // reports it as an 'error' event, which without a listener is an uncaught exception that fails the run.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    latestTextTo(address) {
      const mail = received.findLast((m) =>
        [m.to ?? []]
          .flat()
          .some((to) => to.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      );
      if (!mail) throw new Error(`no mail to ${address}`);
      return mail.text ?? '';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
