/**
 * `npx tsx bench/support/profile-summary.ts FILE.cpuprofile [--top 30] [--only TEXT] [--from SECONDS]`: what a V8 CPU profile
 * (node --cpu-prof, e.g. bench/throughput.ts --cpu-prof DIR) spent its samples on — self time by function,
 * self time by package (node_modules/<name>, node: internals, the repository's own folders) and total time
 * (self + callees) by function. `--only TEXT` keeps samples whose stack holds a frame whose function or file
 * contains TEXT (e.g. `--only onResponse`), to look at one path; `--from SECONDS` skips the first seconds of
 * the profile (start-up, seeding). Profiles sample wall time: a frame in a system call also collects the
 * time the process waited for a core, so compare with the CPU time per request the bench prints.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    only: { type: 'string' },
    from: { type: 'string', default: '0' },
  },
});
const file = positionals[0];
if (!file)
  throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top 30] [--only TEXT] [--from SECONDS]');
const top = Number(values.top);
const fromMicros = Number(values.from) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(server|bench|contracts|web)\/src\//, '$1/');
const frameName = ({ functionName, url, lineNumber }: CallFrame) =>
  `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
function packageOf({ url, functionName }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  const inModules = url.split('/node_modules/').at(-1);
  if (inModules && inModules !== url) {
    const parts = inModules.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  const own = url.match(/\/(server|bench|contracts|web)\/src\/([^/]+)/);
  return own ? `${own[1]}/${own[2]}` : shortUrl(url);
}

function stackOf(id: number): ProfileNode[] {
  const stack: ProfileNode[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (node) stack.push(node);
  }
  return stack;
}

const self = new Map<string, number>();
const packages = new Map<string, number>();
const total = new Map<string, number>();
let sampled = 0;
let kept = 0;
let elapsed = 0;
const add = (map: Map<string, number>, key: string, micros: number) =>
  map.set(key, (map.get(key) ?? 0) + micros);

profile.samples.forEach((id, index) => {
  const micros = profile.timeDeltas[index] ?? 0;
  elapsed += micros;
  if (elapsed < fromMicros) return;
  sampled += micros;
  const stack = stackOf(id);
  const leaf = stack[0];
  if (!leaf || leaf.callFrame.functionName === '(idle)') return;
  const only = values.only;
  if (
    only &&
    !stack.some((node) => node.callFrame.functionName.includes(only) || node.callFrame.url.includes(only))
  )
    return;
  kept += micros;
  add(self, frameName(leaf.callFrame), micros);
  add(packages, packageOf(leaf.callFrame), micros);
  for (const name of new Set(stack.map((node) => frameName(node.callFrame)))) add(total, name, micros);
});

const percent = (micros: number) => `${((100 * micros) / kept).toFixed(1).padStart(5)} %`;
function print(title: string, map: Map<string, number>) {
  console.info(`\n## ${title}\n`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.info(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}
console.info(
  `${file}: ${(sampled / 1e6).toFixed(1)} s sampled, ${(kept / 1e6).toFixed(1)} s busy${values.only ? ` under "${values.only}"` : ''} (percentages of busy)`,
);
print('self time by function', self);
print('self time by package', packages);
print('total time by function', total);
