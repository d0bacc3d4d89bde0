import { Icon } from './Icon.js';
import { Spinner } from './Spinner.js';

export interface ToastProps {
  variant: 'loading' | 'success' | 'error';
  message: string;
}

/** One toast; errors are announced assertively, the rest politely. */
export function Toast({ variant, message }: ToastProps) {
  return (
    <div className={`toast ${variant}`} part="toast" role={variant === 'error' ? 'alert' : 'status'} data-variant={variant}>
      {variant === 'loading' ? <Spinner /> : <Icon name={variant === 'success' ? 'check' : 'warning'} />}
      <span>{message}</span>
    </div>
  );
}
