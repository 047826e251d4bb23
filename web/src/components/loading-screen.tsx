/** Shown about 500 ms at start and while the session is being resumed (same look as index.html's). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="loading-text">Loading…</span>
    </div>
  );
}
