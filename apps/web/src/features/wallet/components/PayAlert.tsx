import type { ReactNode } from 'react';

interface PayAlertProps {
  kind: 'error' | 'success' | 'warning';
  children: ReactNode;
}

/** A message box: errors in red (role alert), success in green and warnings in amber (role status). */
export function PayAlert({ kind, children }: PayAlertProps) {
  return (
    <div className={`pay-alert pay-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
