// The main thread's work during a page's load, measured in a real Chromium trace at
// Lighthouse's 4× CPU slowdown (DevTools' CPU throttling, a phone's viewport), side by side with the
// baseline page, run for run. Lighthouse's simulated TBT swings with the machine's load; the trace's
// own figures say where the time goes: every top-level task of the page's main thread until the
// network has been quiet for a while, the blocking part of the long ones (a task's time over 50 ms,
// as TBT counts it, here over the whole load, not only after the first contentful paint), and the
// time spent evaluating and running scripts, in style and layout, and in paint.
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser.ts';
import { LIGHTHOUSE_PAGES } from './lighthouse.bench.ts';
import { median } from './stats.ts';

export interface MainThreadFigures {
  /** Sum of every top-level task on the page's main thread, ms. */
  readonly taskMs: number;
  /** Sum over tasks of max(0, duration − 50 ms). */
  readonly blockingMs: number;
  /** The longest task, ms. */
  readonly longestMs: number;
  /** Script compile, evaluation and function calls (top-level only), ms. */
  readonly scriptMs: number;
  /** Style recalculation and layout, ms. */
  readonly layoutMs: number;
  /** Paint, compositing and rasterisation on the main thread, ms. */
  readonly paintMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: { readonly frame?: string };
    readonly beginData?: { readonly url?: string };
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  '__metadata',
];

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.run',
]);
const LAYOUT = new Set([
  'UpdateLayoutTree',
  'Layout',
  'RecalculateStyles',
  'ParseAuthorStyleSheet',
  'UpdateLayerTree',
  'PrePaint',
  'IntersectionObserverController::computeIntersections',
]);
const PAINT = new Set(['Paint', 'PaintImage', 'Layerize', 'CompositeLayers', 'RasterTask', 'Decode Image', 'Commit']);

/**
 * Events nested in a top-level task are counted once: by the outermost of each kind's set. The page's
 * renderer is the CrRendererMain thread that parsed the loaded document (ParseHTML of `url`'s
 * origin). Not the one that ran the most: headless Chromium's own WebUI renderers (the omnibox
 * popup) run as much as a light page, more than the baseline page in some loads.
 */
function summarise(events: readonly TraceEvent[], url: string): MainThreadFigures {
  const origin = new URL(url).origin;
  const parsed = events.find((e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin));
  if (!parsed) throw new Error(`main-thread: no renderer parsed ${url} in the trace (${events.length} events)`);
  // HTML is parsed on the renderer's main thread, so ParseHTML names the thread by itself.
  const best = { pid: parsed.pid, tid: parsed.tid };
  const own = events
    .filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const tasks = own.filter((e) => e.name === 'RunTask');
  let taskMs = 0;
  let blockingMs = 0;
  let longestMs = 0;
  for (const t of tasks) {
    const ms = (t.dur ?? 0) / 1000;
    taskMs += ms;
    blockingMs += Math.max(0, ms - 50);
    longestMs = Math.max(longestMs, ms);
  }
  const outermost = (kinds: ReadonlySet<string>): number => {
    let end = -1;
    let sum = 0;
    for (const e of own) {
      if (!kinds.has(e.name) || e.ts < end) continue;
      end = e.ts + (e.dur ?? 0);
      sum += (e.dur ?? 0) / 1000;
    }
    return sum;
  };
  return {
    taskMs,
    blockingMs,
    longestMs,
    scriptMs: outermost(SCRIPT),
    layoutMs: outermost(LAYOUT),
    paintMs: outermost(PAINT),
  };
}

/** One load of `url` in a fresh context, traced; resolves when the network has been idle 1 s. */
export async function traceLoad(browser: Browser, url: string, attempts = 2): Promise<MainThreadFigures> {
  // One load's trace failed summarise()'s check for the parsing renderer (2026-11-28, /user/1): such a
  // load is traced again rather than failing the whole bench.
  for (let attempt = 1; ; attempt++) {
    try {
      return await traceOneLoad(browser, url);
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

async function traceOneLoad(browser: Browser, url: string): Promise<MainThreadFigures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => {
      events.push(...(value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await cdp.send('Tracing.end');
    await done;
    return summarise(events, url);
  } finally {
    await context.close();
  }
}

/** `npm run bench -- main-thread`: per page, medians over the rounds and the median difference to the baseline. */
export async function benchMainThread(
  baseUrl: string,
  baselineUrl: string,
  report: (name: string, value: number, unit: string) => void,
  rounds = Number(process.env['MAIN_THREAD_RUNS'] ?? 5),
): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const baseline: MainThreadFigures[] = [];
    const byPage = new Map<string, MainThreadFigures[]>(LIGHTHOUSE_PAGES.map((p) => [p.name, []]));
    for (let round = 0; round < rounds; round++) {
      baseline.push(await traceLoad(browser, baselineUrl));
      for (const page of LIGHTHOUSE_PAGES)
        byPage.get(page.name)?.push(await traceLoad(browser, new URL(page.path, baseUrl).href));
    }
    const keys = ['taskMs', 'blockingMs', 'longestMs', 'scriptMs', 'layoutMs', 'paintMs'] as const;
    const label: Record<(typeof keys)[number], string> = {
      taskMs: 'task',
      blockingMs: 'blocking',
      longestMs: 'longest_task',
      scriptMs: 'script',
      layoutMs: 'style_layout',
      paintMs: 'paint',
    };
    for (const key of keys) report(`main_thread.baseline.${label[key]}`, median(baseline.map((f) => f[key])), 'ms');
    for (const [name, runs] of byPage) {
      for (const key of keys) {
        report(`main_thread.${name}.${label[key]}`, median(runs.map((f) => f[key])), 'ms');
        report(
          `main_thread.${name}.${label[key]}.over_baseline`,
          median(runs.map((f, i) => f[key] - (baseline[i]?.[key] ?? Number.NaN))),
          'ms',
        );
      }
    }
    console.log(
      `# main-thread: ${rounds} rounds, 4× CPU throttling (DevTools), 412 × 823 px, a fresh context per load, until 1 s after network idle`,
    );
  } finally {
    await browser.close();
  }
}
