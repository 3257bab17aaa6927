import type { CompanyKind, TestCompany } from './kit/company-kinds.ts';

export type { CompanyKind, TestCompany } from './kit/company-kinds.ts';

/** Where a server's test kit control endpoint listens, and the run's token for it (kit/control-server.ts). */
export interface KitAddress {
  url: string;
  token: string;
}

/** The main e2e server's kit, as playwright.config.ts hands it to the workers. */
export function mainKit(): KitAddress {
  const url = process.env.E2E_KIT_URL;
  const token = process.env.E2E_KIT_TOKEN;
  if (!url || !token)
    throw new Error('E2E_KIT_URL/E2E_KIT_TOKEN are not set: run the tests through playwright.config.ts');
  return { url, token };
}

/** One call of the control endpoint; its JSON answer. */
export async function kitCall(
  kit: KitAddress,
  method: string,
  path: string,
  body?: object,
): Promise<unknown> {
  const response = await fetch(`${kit.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${kit.token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`test kit ${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Makes a company of `kind` with its owner (and customers or dealers) on the server under test. */
export function makeCompany(kind: CompanyKind, kit = mainKit()): Promise<TestCompany> {
  return kitCall(kit, 'POST', '/companies', { kind }) as Promise<TestCompany>;
}

/** Deletes a company the kit made and everything of it (its dealers, customers, members, their sign-ins). */
export async function deleteCompany(companyId: string, kit = mainKit()): Promise<void> {
  await kitCall(kit, 'DELETE', `/companies/${companyId}`);
}
