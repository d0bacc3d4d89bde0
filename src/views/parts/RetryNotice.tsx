/**
 * A failed load, said once, with a Retry button. While `availableAt` is given (a back-off or a retry block
 * runs) the button is disabled and the text says when it becomes available.
 */
export function RetryNotice({ message, retryLabel, availableAt, onRetry }: { message: string; retryLabel: string; availableAt: string | undefined; onRetry(): void }) {
  return (
    <div className="retry-notice" data-retry-notice>
      <p className="status error" role="alert">{message}</p>
      {availableAt ? <p className="hint" data-retry-at>{availableAt}</p> : null}
      <button type="button" className="button secondary" part="button" data-action="retry" disabled={availableAt !== undefined} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
