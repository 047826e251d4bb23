/**
 * Toasts through react-toastify, loaded on the first toast so that it stays out of the initial
 * bundle. Calls made before the container is on screen wait for it, in order.
 */
import type { ToastOptions } from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warning';

let requestHost: (() => void) | undefined;
let hostRequested = false;
let markReady: (() => void) | undefined;
const hostReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toast host: how to put the container on screen, once needed. */
export function registerToastHost(mount: () => void): void {
  requestHost = mount;
  if (hostRequested) mount();
}

/** Called by the container once it is mounted and listening. */
export function toastContainerReady(): void {
  markReady?.();
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  hostRequested = true;
  requestHost?.();
  void Promise.all([import('react-toastify'), hostReady]).then(([{ toast }]) => toast[kind](message, options));
}

/**
 * Puts the container on screen ahead of any toast: for one that must show when the network may be
 * gone (a lost connection), when its code could no longer be loaded.
 */
export function preloadToasts(): void {
  hostRequested = true;
  requestHost?.();
  void import('react-toastify');
}

export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
};
