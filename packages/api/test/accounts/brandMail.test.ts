// Feature under test: account mail comes from the brand the visitor used — its name and address, its sign-off (issue #16).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { newUserBody } from '../helpers/accounts.ts';

let smtp: SmtpPeer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Operator <mail@operator.example>',
      API_KEYS: 'explorer-key:cairngorms-explorer,greenway-key:greenway-active',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Registers a new address through the brand of `key` and answers the activation mail it gets. */
async function activationMailVia(key: string): Promise<ReceivedMail> {
  const body = newUserBody();
  const registered = await server.call('POST', '/v1/users/register', {
    body,
    headers: { 'x-api-key': key },
  });
  expect(registered.status).toBe(201);
  return smtp.waitForMessage((m) => m.to.includes(body.email));
}

/** The From header, unfolded (RFC 5322 §2.2.3: a long header continues on indented lines). */
const fromHeader = (mail: ReceivedMail) =>
  /^From: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)?.[1]?.replace(/\r\n[ \t]+/g, ' ');

describe('account mail of two brands', () => {
  it("comes from the brand's title and its own address (brand.json mailFrom)", async () => {
    const mail = await activationMailVia('explorer-key');
    expect(fromHeader(mail)).toBe('"Cairngorms Explorer (demo brand)" <no-reply@explorer.example>');
    expect(mail.from).toBe('no-reply@explorer.example');
    expect(mail.subject).toBe('Activate your Explorer account');
    expect(mail.text).toMatch(/Cairngorms Explorer \(demo brand\)\s*$/);
    expect(mail.raw).not.toMatch(/\bCairn\b(?! ?gorms)/);
  });

  it("comes from the brand's title at MAIL_FROM's address when the brand names none", async () => {
    const mail = await activationMailVia('greenway-key');
    expect(fromHeader(mail)).toBe('"Greenway Public Transport Planner (demo brand)" <mail@operator.example>');
    expect(mail.from).toBe('mail@operator.example');
    expect(mail.subject).toBe('Activate your Greenway account');
    expect(mail.text).toMatch(/Greenway Public Transport Planner \(demo brand\)\s*$/);
    expect(mail.raw).not.toContain('Operator');
    expect(mail.raw).not.toContain('Cairngorms');
  });
});
