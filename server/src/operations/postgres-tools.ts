import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class PostgresToolError extends Error {}

/** Where to look: PATH's directories, then Debian's versioned folders (`<root>/<major>/bin`), newest first. */
export interface ToolSearch {
  path?: string;
  debianRoot?: string;
}

function candidateDirectories(search: ToolSearch): string[] {
  const onPath = (search.path ?? process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const root = search.debianRoot ?? '/usr/lib/postgresql';
  let debian: string[] = [];
  try {
    debian = readdirSync(root)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join(root, version, 'bin'));
  } catch {}
  return [...onPath, ...debian];
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.18 (Debian …)` → 15). */
async function majorVersionOf(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL client tool (pg_dump, pg_restore, psql) at least as new as the server: pg_dump refuses a
 * newer server, and an older pg_restore cannot read a newer dump. Throws naming what was found.
 */
export async function findPostgresTool(
  name: 'pg_dump' | 'pg_restore' | 'psql',
  serverMajor: number,
  search: ToolSearch = {},
): Promise<string> {
  const found: string[] = [];
  for (const directory of candidateDirectories(search)) {
    const binary = path.join(directory, name);
    if (!existsSync(binary)) continue;
    const major = await majorVersionOf(binary);
    if (major !== undefined && major >= serverMajor) return binary;
    found.push(`${binary} (${major ?? 'unknown version'})`);
  }
  throw new PostgresToolError(
    found.length === 0
      ? `${name} was not found on PATH or in /usr/lib/postgresql/*/bin; install the PostgreSQL ${serverMajor} client tools (Debian: postgresql-client-${serverMajor}).`
      : `${name} must be version ${serverMajor} or newer for this server; found ${found.join(', ')}. Install postgresql-client-${serverMajor} or put a newer ${name} on PATH.`,
  );
}

/** Runs a tool, turning a failure into an error carrying its own message (stderr). */
export async function runTool(binary: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await run(binary, args, {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new PostgresToolError(`${path.basename(binary)} failed: ${stderr || (error as Error).message}`);
  }
}

/**
 * A postgres:// URL as libpq's environment variables, so the password never appears on a command line
 * (where `ps` shows it); query parameters such as sslmode become their PG* variables too.
 */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, '')) || 'localhost',
    PGPORT: parsed.port || '5432',
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres',
  };
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const names: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    host: 'PGHOST',
    options: 'PGOPTIONS',
    application_name: 'PGAPPNAME',
  };
  for (const [key, value] of parsed.searchParams) {
    const variable = names[key];
    if (variable) env[variable] = value;
  }
  return env;
}
