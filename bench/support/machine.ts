import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MEBIBYTES = 256;

/**
 * How fast this machine gives a process fresh memory: a new Node process writes 256 MiB it has never
 * touched, and the first write of each page is a page fault. Printed beside the browser figures because they
 * follow it: a browser's script evaluation, style and garbage collection keep taking fresh pages. On most
 * machines this is several GB/s; on some virtual machines here it was 250–400 MB/s (a fault cost ~13 µs),
 * and every signed-in page's Lighthouse score fell by 25–35 points with the same build (bench/README.md).
 */
export function memoryFirstTouch(): string {
  try {
    const ms = Number(
      execFileSync(
        process.execPath,
        [
          '-e',
          `const b = Buffer.allocUnsafeSlow(${MEBIBYTES} * 1024 * 1024); const t = performance.now(); b.fill(1); console.log(performance.now() - t);`,
        ],
        { encoding: 'utf8' },
      ),
    );
    return `fresh memory ${Math.round((MEBIBYTES * 1.048576) / (ms / 1000))} MB/s${hugePagesNote()}`;
  } catch {
    return 'fresh memory speed unknown';
  }
}

/**
 * With transparent huge pages `always`, the probe's buffer takes 2 MB pages, and reads fast where a browser's
 * heaps, made of small pages, stay slow (bench/README.md, session 21): said beside the figure.
 */
function hugePagesNote(): string {
  try {
    const setting = readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8');
    return setting.includes('[always]') ? ' (huge pages always: not the browser’s rate)' : '';
  } catch {
    return '';
  }
}
