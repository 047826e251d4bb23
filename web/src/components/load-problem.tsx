import '@/components/load-problem.css';

/** A list or figure that could not be loaded: the failure, announced, and a way to try again. */
export function LoadProblem({ problem, onRetry }: { problem: string; onRetry(): void }) {
  return (
    <div className="notice notice-error load-problem">
      <p role="alert">{problem}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
