/**
 * Where a signed-in page's main-thread time goes: `npx tsx bench/main-thread.ts [--pages dashboard,incidents]
 * [--runs 3] [--cpu 1] [--top 25] [--baseline CHECKOUT]` (port 8216 and the next one for the baseline, or `BENCH_PORT`; build the app first: `npm run build`).
 *
 * Lighthouse's total blocking time says how much, not what. This loads each page cold in Debian's Chromium
 * with a phone's viewport, traces the renderer's main thread and takes a CPU profile, then prints:
 *   - the blocking time as Lighthouse's mobile simulation counts it: every task's duration times 4 (its
 *     CPU slowdown), beyond 50 ms, summed over the whole load — per run, and the median; and the same from
 *     each task's thread (CPU) time, which the machine's load leaves out: compare builds with that one;
 *   - each such long task, split into what ran inside it (script evaluation, calls, style, layout…);
 *   - the functions with the most self time, mapped through the source maps to the original file (an npm
 *     package, or the app's own file): what to make cheaper or later;
 *   - counts, which do not swing with the machine as times do: the CSS rules emotion built in the load (and
 *     those it took from the kept styles), the page's elements, and the style recalculations and layouts a
 *     script forced (with their ms at 1×).
 * By default Chromium runs unthrottled (`--cpu 1`) and the durations are scaled: on a shared, loaded machine
 * Chromium's own throttling multiplies every wait for a core, and the figures swing by 3×.
 * Same data as bench/frontend.ts: small demo plus a 5,000-device customer of Northwind, on a fresh PGlite.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium } from '../browser-kit/chromium.ts';
import { demoPassword } from './support/demo-accounts.ts';
import { startFrontendPortals } from './support/frontend-data.ts';
import { loadAverage } from './support/load.ts';
import { readyLoginForm } from './support/login-form.ts';
import { memoryFirstTouch } from './support/machine.ts';
import { REPO_ROOT } from './support/portal-process.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8216);
const OWNER_EMAIL = 'owner@northwind.example';
const HQ_EMAIL = 'hq@lumora.example';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: 'dashboard,account,device,incidents,partners' },
    /** Chromium's CPU throttling; the trace's tasks are then scaled by 4 / cpu, as Lighthouse's simulation does. */
    cpu: { type: 'string', default: '1' },
    top: { type: 'string', default: '25' },
    /** Loads per page; the breakdown is printed for the last one, the blocking time of each. */
    runs: { type: 'string', default: '1' },
    /** Another checkout (node_modules and web/dist in place), measured run for run beside this one. */
    baseline: { type: 'string' },
    /** Also write the last run's CPU profile and long-task windows (JSON) into this folder. */
    save: { type: 'string' },
    /**
     * Also sample what JavaScript allocates in the load (V8's sampling heap profiler, objects the GC has
     * collected included): a count of bytes, which the machine does not swing. Slows the load a little, so
     * the blocking figures of such a run are not compared with a run without it.
     */
    allocations: { type: 'boolean', default: false },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface AllocationNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocationNode[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dist = path.join(REPO_ROOT, 'web/dist');
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const maps = new Map<string, SourceMapConsumer | null>();

function sourceMapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    let consumer: SourceMapConsumer | null = null;
    try {
      const file = path.join(dist, new URL(url).pathname);
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    } catch {
      consumer = null;
    }
    maps.set(url, consumer);
  }
  return maps.get(url) ?? null;
}

/** `react-dom`, `@mui/material/Button`, or the app's `src/features/…` file a frame's code came from. */
function origin(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return `(${frame.functionName || 'program'})`;
  const map = sourceMapOf(frame.url);
  const position = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = position?.source ?? new URL(frame.url).pathname;
  const name = position?.name ?? frame.functionName ?? '';
  const modules = source.lastIndexOf('node_modules/');
  const file =
    modules >= 0
      ? source
          .slice(modules + 'node_modules/'.length)
          .split('/')
          .slice(0, 4)
          .join('/')
      : source.replace(/^.*\/web\//, '');
  return `${file} ${name || frame.functionName || '(anonymous)'}`;
}

async function profileLoad(page: Page, url: string, cpu: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  if (values.allocations) {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 8192,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  await page.context().browser()!.startTracing(page, { categories: TRACE_CATEGORIES });
  await cdp.send('Profiler.start');
  // Not 'networkidle': the live change stream opens once the page has settled and stays open.
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  await page.waitForTimeout(8000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const allocations = values.allocations
    ? ((await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: AllocationNode } }).profile.head
    : undefined;
  const trace = JSON.parse((await page.context().browser()!.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const breakdown = longTaskBreakdown(trace.traceEvents, 4 / cpu);
  return {
    profile,
    allocations: allocations && allocatedBytes(allocations),
    ...breakdown,
    work: { ...(await pageWork(page)), forced: breakdown.forced },
  };
}

/** The bytes JavaScript allocated in the load, in all and by the function (its file) that allocated them. */
function allocatedBytes(head: AllocationNode) {
  const byWhere = new Map<string, number>();
  let total = 0;
  const visit = (node: AllocationNode) => {
    if (node.selfSize > 0) {
      const where = origin(node.callFrame);
      byWhere.set(where, (byWhere.get(where) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  return { total, byWhere };
}

/**
 * What the page built, counted rather than timed (a count does not swing with the machine): the CSS rules
 * emotion built in this load and those it took from the kept styles (shared/theme/persisted-styles.ts), and
 * the page's elements.
 */
async function pageWork(page: Page) {
  // Runs in the page (bench/ has no DOM types). The kept styles' element lists its rules' names after the
  // cache key; emotion's own elements only the key.
  return (await page.evaluate(`(() => {
    let built = 0;
    let kept = 0;
    for (const style of document.querySelectorAll('style[data-emotion]')) {
      const rules = style.sheet ? style.sheet.cssRules.length : 0;
      if ((style.dataset.emotion || '').includes(' ')) kept += rules;
      else built += rules;
    }
    return { rulesBuilt: built, rulesKept: kept, elements: document.getElementsByTagName('*').length };
  })()`)) as { rulesBuilt: number; rulesKept: number; elements: number };
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  // The JavaScript stack of a forced style or layout.
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
];
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task took without the time the machine's load kept the thread waiting. */
  tdur?: number;
  tid: number;
  pid: number;
  /** A forced style or layout's JavaScript stack, innermost first (devtools.timeline). */
  args?: {
    beginData?: {
      stackTrace?: { functionName: string; url: string; lineNumber: number; columnNumber: number }[];
    };
  };
}

/**
 * The renderer main thread's tasks over 50 ms, each split into what ran directly inside it (script
 * evaluation, function calls, style recalculation, layout, paint, parsing…), in ms.
 */
function longTaskBreakdown(events: TraceEvent[], scale: number) {
  // The page's renderer: of the renderer main threads, the one with the most events.
  const mains = events.filter(
    (event) =>
      event.name === 'thread_name' &&
      (event as unknown as { args: { name: string } }).args.name === 'CrRendererMain',
  );
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  const main = mains.sort((x, y) => count(y) - count(x))[0];
  const thread = events.filter(
    (event) => event.ph === 'X' && event.tid === main?.tid && event.pid === main?.pid,
  );
  const scaled = (event: TraceEvent) => ((event.dur ?? 0) / 1000) * scale;
  const tasks = thread.filter((event) => event.name === 'RunTask' && scaled(event) > 50);
  const blocking = tasks.reduce((sum, task) => sum + scaled(task) - 50, 0);
  const threadScaled = (event: TraceEvent) => ((event.tdur ?? event.dur ?? 0) / 1000) * scale;
  const threadBlocking = thread
    .filter((event) => event.name === 'RunTask')
    .reduce((sum, task) => sum + Math.max(0, threadScaled(task) - 50), 0);
  const first = Math.min(...thread.map((event) => event.ts));
  const forced = forcedStyleAndLayout(thread);
  const lines = tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const event of thread) {
      if (event === task || event.ts < task.ts || event.ts >= end || event.name === 'RunTask') continue;
      if (
        ![
          'UpdateLayoutTree',
          'Layout',
          'Paint',
          'ParseHTML',
          'EvaluateScript',
          'v8.compile',
          'FunctionCall',
          'TimerFire',
          'EventDispatch',
          'FireAnimationFrame',
          'v8.evaluateModule',
          'ParseAuthorStyleSheet',
          'MajorGC',
          'MinorGC',
          'RunMicrotasks',
          'PrePaint',
          'Layerize',
          'HitTest',
          'FireIdleCallback',
          'XHRReadyStateChange',
          'ScheduleStyleRecalculation',
        ].includes(event.name)
      )
        continue;
      parts.set(event.name, (parts.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const split = [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
      .join(', ');
    return `${((task.ts - first) / 1000).toFixed(0)} ms +${((task.dur ?? 0) / 1000).toFixed(0)} (scaled ${scaled(task).toFixed(0)}, by thread time ${threadScaled(task).toFixed(0)}): ${split}`;
  });
  return {
    longTasks: lines,
    forced,
    blocking,
    threadBlocking,
    taskWindows: tasks.map((task) => [task.ts, task.ts + (task.dur ?? 0)]),
  };
}

const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'RunMicrotasks',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'XHRReadyStateChange',
]);

/**
 * Style recalculations and layouts a script forced (read layout while it was dirty), as a count and in ms at
 * 1×: those run inside the script's task, not in the browser's own rendering step. A style or layout event
 * is forced when a script event encloses it.
 */
function forcedStyleAndLayout(thread: TraceEvent[]) {
  const scripts = thread.filter((event) => SCRIPT_EVENTS.has(event.name)).sort((a, b) => a.ts - b.ts);
  // The latest end among the script events started so far: an event inside one ends before it.
  const latestEnd: number[] = [];
  for (const [i, event] of scripts.entries())
    latestEnd.push(Math.max(latestEnd[i - 1] ?? 0, event.ts + (event.dur ?? 0)));
  let count = 0;
  let ms = 0;
  const where = new Map<string, number>();
  for (const event of thread) {
    if (event.name !== 'Layout' && event.name !== 'UpdateLayoutTree') continue;
    let low = 0;
    let high = scripts.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (scripts[middle]!.ts <= event.ts) {
        last = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (last >= 0 && latestEnd[last]! >= event.ts + (event.dur ?? 0)) {
      count++;
      ms += (event.dur ?? 0) / 1000;
      const frame = event.args?.beginData?.stackTrace?.[0];
      const at = frame
        ? origin({ ...frame, lineNumber: frame.lineNumber - 1, columnNumber: frame.columnNumber - 1 })
        : '(no stack)';
      where.set(at, (where.get(at) ?? 0) + 1);
    }
  }
  return { count, ms: Math.round(ms), where };
}

/** A CPU profile's nodes by id, and each node's parent (the caller on the stack). */
function profileTree(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  return { byId, parent };
}

/**
 * What each long task was busy with: per task, the app's own files (web/src/…) deepest on the sampled stacks
 * (the component rendering, the hook running), or the package at the top of the stack where no app frame is
 * on it (a commit, style insertion), with their sampled ms; the three largest.
 */
function taskCulprits(profile: CpuProfile, windows: number[][]): string[] {
  const { byId, parent } = profileTree(profile);
  const culpritOf = new Map<number, string>();
  const culprit = (id: number): string => {
    const known = culpritOf.get(id);
    if (known) return known;
    let found: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame?.url) {
        const where = origin(frame);
        if (where.startsWith('src/')) found = where;
      }
    }
    const result = found ?? origin(byId.get(id)!.callFrame).split(' ')[0]!;
    culpritOf.set(id, result);
    return result;
  };
  let time = profile.startTime;
  const stamped = profile.samples.map((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    return { id, time, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 };
  });
  return windows.map(([start, end]) => {
    const totals = new Map<string, number>();
    for (const sample of stamped) {
      if (sample.time < start! || sample.time >= end!) continue;
      const key = culprit(sample.id);
      if (key === '(idle)') continue;
      totals.set(key, (totals.get(key) ?? 0) + sample.ms);
    }
    return [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
      .join('; ');
  });
}

/** The sampled stacks of one task, each as its five innermost frames, with the most sampled time first. */
function heaviestStacks(profile: CpuProfile, [start, end]: number[], count: number): string[] {
  const { byId, parent } = profileTree(profile);
  const totals = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (time < start! || time >= end!) return;
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined && frames.length < 5; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame && frame.functionName !== '(root)') frames.push(origin(frame));
    }
    const key = frames.join(' < ');
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([stack, ms]) => `${ms.toFixed(0)} ms  ${stack}`);
}

function selfTimes(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = origin(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  totals.delete('(idle)');
  return totals;
}

const portals = await startFrontendPortals('main-thread', PORT, OWNER_EMAIL, values.baseline);
const { dataDir, bigOrgId, baseline } = portals;
const builds = [
  { name: 'this checkout', base: `http://localhost:${PORT}` },
  ...(baseline ? [{ name: 'baseline', base: `http://localhost:${PORT + 1}` }] : []),
];
const routes: Record<string, { path: string; account: string }> = {
  dashboard: { path: '/dashboard', account: OWNER_EMAIL },
  account: { path: '/account', account: OWNER_EMAIL },
  device: { path: `/account/${bigOrgId}/device`, account: OWNER_EMAIL },
  incidents: { path: '/incidents', account: OWNER_EMAIL },
  partners: { path: '/partners', account: HQ_EMAIL },
};
console.info(`# Main thread (${loadAverage()}; ${memoryFirstTouch()})`);
const browser = await launchChromium();
try {
  const cpu = Number(values.cpu);
  for (const key of values.pages.split(',')) {
    const route = routes[key];
    if (!route) throw new Error(`unknown page ${key}`);
    const blockingPerRun = new Map(builds.map((build) => [build.name, [] as number[]]));
    const threadBlockingPerRun = new Map(builds.map((build) => [build.name, [] as number[]]));
    const workPerRun = new Map(builds.map((build) => [build.name, [] as string[]]));
    for (let run = 1; run <= Number(values.runs); run++) {
      // The builds take turns, run by run: the same minutes of machine load for both.
      for (const { name, base } of builds) {
        const last = run === Number(values.runs) && name === 'this checkout';
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
        });
        const page = await context.newPage();
        await page.goto(`${base}/login`);
        await readyLoginForm(page);
        await page.getByLabel(/^Email/).fill(route.account);
        await page.getByLabel(/^Password/).fill(demoPassword(dataDir, route.account));
        await page.getByRole('button', { name: /^Login$/ }).click();
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 120_000 });
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
        const fresh = await context.newPage();
        await page.close();
        const { profile, allocations, longTasks, blocking, threadBlocking, taskWindows, work } =
          await profileLoad(fresh, `${base}${route.path}`, cpu);
        blockingPerRun.get(name)!.push(Math.round(blocking));
        threadBlockingPerRun.get(name)!.push(Math.round(threadBlocking));
        workPerRun
          .get(name)!
          .push(
            `${work.rulesBuilt} rules built (${work.rulesKept} kept), ${work.elements} elements, ` +
              `${work.forced.count} forced style/layout (${work.forced.ms} ms)` +
              (allocations ? `, ${megabytes(allocations.total)} MB allocated by JavaScript` : ''),
          );
        await context.close();
        if (!last) continue;
        if (values.save) {
          mkdirSync(values.save, { recursive: true });
          writeFileSync(path.join(values.save, `${key}.json`), JSON.stringify({ profile, taskWindows }));
        }
        const culprits = taskCulprits(profile, taskWindows);
        console.info(
          `\n## ${route.path} at ${cpu}× CPU, tasks scaled ×${4 / cpu} (load average ${loadAverage()}): ` +
            `${longTasks.length} long tasks, ${Math.round(blocking)} ms beyond 50 ms (the whole load, not only ` +
            `Lighthouse's window)`,
        );
        console.info(
          `\nLong tasks in the trace (nested events overlap, so parts may add up to more), and under each what ` +
            `was on the sampled stacks (the app's deepest file, else the top package):\n` +
            longTasks.map((line, i) => `${line}\n    ${culprits[i]}`).join('\n'),
        );
        const longest = [...taskWindows].sort((a, b) => b[1]! - b[0]! - (a[1]! - a[0]!)).slice(0, 3);
        for (const window of longest)
          console.info(
            `\nThe task at ${((window[0]! - taskWindows[0]![0]!) / 1000).toFixed(0)} ms, its heaviest stacks (innermost first):\n` +
              heaviestStacks(profile, window, 12).join('\n'),
          );
        console.info(
          `\nStyle and layout forced by a script (${work.forced.count}), where the script read layout:\n` +
            [...work.forced.where].map(([at, times]) => `${times}× ${at}`).join('\n'),
        );
        const totals = [...selfTimes(profile)].sort((a, b) => b[1] - a[1]);
        const all = totals.reduce((sum, [, ms]) => sum + ms, 0);
        console.info('\n| self ms | where |\n|---:|---|');
        for (const [where, ms] of totals.slice(0, Number(values.top)))
          console.info(`| ${ms.toFixed(0)} | ${where} |`);
        console.info(`| ${all.toFixed(0)} | (all sampled, idle excluded) |`);
        if (allocations) {
          console.info('\n| allocated MB | where |\n|---:|---|');
          for (const [where, bytes] of [...allocations.byWhere]
            .sort((a, b) => b[1] - a[1])
            .slice(0, Number(values.top)))
            console.info(`| ${megabytes(bytes)} | ${where} |`);
          console.info(`| ${megabytes(allocations.total)} | (all) |`);
        }
      }
    }
    const median = (figures: number[]) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)];
    for (const [name, figures] of blockingPerRun) {
      const thread = threadBlockingPerRun.get(name) ?? [];
      console.info(
        `\n${route.path} (${name}): blocking beyond 50 ms per run ${figures.join(', ')} ms, ` +
          `median ${median(figures)} ms; by thread time (what a loaded machine adds left out) ` +
          `${thread.join(', ')} ms, median ${median(thread)} ms; per run: ${workPerRun.get(name)?.join('; ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await portals.stop();
}
