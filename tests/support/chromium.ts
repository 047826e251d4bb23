/**
 * Debian's Chromium headless shell as the browser tests and the room benchmark launch it: the
 * engine without the browser's UI, about half the CPU of a whole Chromium for the same journey
 * (decision 235), with a fake camera and microphone for the rooms' calls.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Without the background-networking flags Chromium keeps trying hosts it cannot reach (the Lighthouse bench's whole Chromium too). */
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHROMIUM_ARGS = [
  '--headless',
  ...QUIET_CHROMIUM_FLAGS,
  '--disable-quic',
  // The rooms' calls (docs/rooms.md): a fake camera and microphone, permission granted, the whole screen shared without a prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
];

/**
 * The browser tests' Chromium: the fake camera at 5 frames a second instead of its 20, as the
 * tests check that frames flow, not how many; encoding and decoding both sides' video was most of
 * the rooms' browser file's CPU (decision 278). V8 compiles no further than its baseline compiler
 * (Sparkplug): a test's page lives seconds, too short for the optimizing compilers to pay for
 * themselves (decision 302). The room benchmark keeps the camera's own rate and V8's every tier,
 * as it times the first frame.
 */
export const TEST_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS.map((flag) => (flag === '--use-fake-device-for-media-stream' ? `${flag}=fps=5` : flag)),
  '--js-flags=--max-opt=1',
];
