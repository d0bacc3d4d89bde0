import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new key (the route) clears a caught error, so the next view renders again. */
  resetKey: unknown;
  labels: { message: string; recover: string };
  onError(error: unknown): void;
  onRecover(): void;
}

/**
 * Catches any error while rendering the view inside (a screen, or a screen's code failing to load) and shows
 * a message with a way back instead: the dialog is never left empty.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { labels, onRecover } = this.props;
    return (
      <div className="render-failed" data-render-failed>
        <p className="status error" role="alert">{labels.message}</p>
        <button type="button" className="button primary wide" part="button" data-action="recover" onClick={onRecover}>{labels.recover}</button>
      </div>
    );
  }
}
