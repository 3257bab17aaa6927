/** One line of `npm run doctor`: `fail` makes the exit code 1; `warn` only with --strict. */
export type CheckStatus = 'ok' | 'warn' | 'fail';
export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
}

export interface DoctorOptions {
  /** Below this much free space on DATA_DIR's file system: fail (default 512 MiB). */
  minFreeBytes?: number;
  /** Below this: warn (default 2 GiB). */
  lowFreeBytes?: number;
  /** How long the SMTP check may take (default 10 s). */
  smtpTimeoutMs?: number;
}
