/**
 * A room's call on loopback (docs/rooms.md): from the moment the second participant presses "Join
 * the call" (both are then in it) until each side has decoded the other's first video frame, the
 * later of the two, over repeated joins of the demo room in two Chromium contexts with fake
 * cameras and microphones. It counts what a person waits for: the ICE servers' call, the join over
 * the WebSocket, the offer, the answer, the candidates through the relay, ICE, DTLS and the decoder.
 *
 * The floor, measured in the same run and the same browser: two RTCPeerConnections of one page
 * connected to each other directly, with no server between them, from the first offer to both
 * sides' first decoded frame.
 *
 * Needs the SPA built (npm run build:web) and Debian's Chromium headless shell.
 * Run: npx tsx bench/room-join.ts [--joins N] [--strict]
 *
 * The page scripts are strings: tsx would add helpers to functions that do not exist in the page.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/support/chromium';
import { budget, runBench, writeResults } from './lib/results';
import { startStack } from './lib/stack';
import { round, summarise } from './lib/stats';

const JOINS = Number(process.argv[process.argv.indexOf('--joins') + 1]) || 20;
const WARM_UP_JOINS = 2;
/** The goal: a call shows the other side within a second of both joining. */
const FIRST_FRAME_P95_BUDGET_MS = 1000;
const JOIN = 'Join the call';

/** Each page notes when its own "Join the call" was pressed, and when it decoded the other side's first video frame. */
const WATCH_CALL = `(() => {
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(configuration) {
      super(configuration);
      this.addEventListener('track', ({ track }) => {
        if (track.kind !== 'video' || window.firstFrameWatched) return;
        window.firstFrameWatched = true;
        const probe = document.createElement('video');
        probe.muted = true;
        probe.srcObject = new MediaStream([track]);
        probe.play().catch(() => undefined);
        probe.requestVideoFrameCallback(() => { window.firstFrameAt = Date.now(); });
      });
    }
  };
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === ${JSON.stringify(JOIN)}) window.joinedAt = Date.now();
  }, true);
})();`;

/** Two connections of one page, camera and microphone both ways, signalled in memory: ms from the offer to both first frames. */
const BARE_CALL = `(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  const [a, b] = [new RTCPeerConnection(), new RTCPeerConnection()];
  a.onicecandidate = ({ candidate }) => candidate && b.addIceCandidate(candidate);
  b.onicecandidate = ({ candidate }) => candidate && a.addIceCandidate(candidate);
  const firstFrame = (pc) => new Promise((resolve) => {
    pc.addEventListener('track', ({ track }) => {
      if (track.kind !== 'video') return;
      const probe = document.createElement('video');
      probe.muted = true;
      probe.srcObject = new MediaStream([track]);
      probe.play().catch(() => undefined);
      probe.requestVideoFrameCallback(() => resolve(performance.now()));
    });
  });
  const frames = Promise.all([firstFrame(a), firstFrame(b)]);
  const started = performance.now();
  for (const track of stream.getTracks()) { a.addTrack(track, stream); b.addTrack(track, stream); }
  await a.setLocalDescription();
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription();
  await a.setRemoteDescription(b.localDescription);
  const ended = Math.max(...(await frames));
  a.close();
  b.close();
  for (const track of stream.getTracks()) track.stop();
  return ended - started;
})()`;

interface DemoRoom {
  room: string;
  student: { email: string; password: string };
  expert: { email: string; password: string };
}

runBench(async () => {
  const stack = await startStack();
  let browser: Browser | undefined;
  try {
    const response = await fetch(`${stack.url}/_local/demo/room`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    if (response.status !== 201) throw new Error(`demo room: ${response.status} ${await response.text()}`);
    const demo = (await response.json()) as DemoRoom;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const student = await pageOf(browser, stack.url, demo.student);
    const expert = await pageOf(browser, stack.url, demo.expert);

    const joins: number[] = [];
    const bare: number[] = [];
    for (let join = 1; join <= WARM_UP_JOINS + JOINS; join++) {
      // Who joins second alternates: the expert's side is the polite one of the negotiation.
      const [first, second] = join % 2 ? [student, expert] : [expert, student];
      const ms = await timeJoin(first, second, new URL(demo.room).pathname);
      const bareMs = (await student.evaluate(BARE_CALL)) as number;
      if (join > WARM_UP_JOINS) {
        joins.push(ms);
        bare.push(bareMs);
      }
    }
    const firstFrameMs = summarise(joins);
    const bareFirstFrameMs = summarise(bare);
    writeResults(
      'room-join',
      {
        measured:
          'from the second participant pressing "Join the call" to both sides having decoded the other’s first video frame (the later), in two Chromium contexts on loopback through the local stack; the floor: two RTCPeerConnections of one page signalled in memory, from the offer to both first frames',
        joins: JOINS,
        firstFrameMs,
        bareFirstFrameMs,
        p50OverFloor: round(firstFrameMs.p50 / bareFirstFrameMs.p50),
      },
      [budget('both joined to first remote frame p95', firstFrameMs.p95, 'max', FIRST_FRAME_P95_BUDGET_MS, 'ms')],
    );
  } finally {
    await browser?.close();
    await stack.stop();
  }
});

/** A signed-in page of one participant, watching its calls. */
async function pageOf(browser: Browser, baseURL: string, login: DemoRoom['student']): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.addInitScript(WATCH_CALL);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(login.email);
  await page.getByLabel('Password', { exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/**
 * When the page decoded the other side's first frame, asked every 20 ms; the time itself is taken in
 * the page. (waitForFunction evaluates its string with eval, which the app's CSP refuses.)
 */
async function firstFrameOf(page: Page): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const at = (await page.evaluate('window.firstFrameAt')) as number | undefined;
    if (at !== undefined) return at;
    if (Date.now() > deadline) throw new Error('No remote frame within 20 s');
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

/** Both open the room; `first` joins and waits; `second` joins: ms until both decoded the other's first frame. Then both leave. */
async function timeJoin(first: Page, second: Page, room: string): Promise<number> {
  await Promise.all([first.goto(room), second.goto(room)]);
  await Promise.all([first, second].map((page) => page.getByRole('button', { name: JOIN }).waitFor()));
  await first.getByRole('button', { name: JOIN }).click();
  await first.getByRole('status').filter({ hasText: 'Waiting for' }).waitFor();
  await second.getByRole('button', { name: JOIN }).click();
  const firstFrames = await Promise.all([first, second].map((page) => firstFrameOf(page)));
  const joinedAt = (await second.evaluate('window.joinedAt')) as number;
  for (const page of [first, second]) await page.getByRole('button', { name: 'Leave' }).click();
  return Math.max(...firstFrames) - joinedAt;
}
