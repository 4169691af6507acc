export type ToastKind = 'success' | 'error' | 'info';

export interface ToastInput {
  kind: ToastKind;
  message: string;
}

export type ToastEvent = { type: 'toast.dismiss' } | { type: 'toast.pause' } | { type: 'toast.resume' };

export type ToasterEvent =
  | { type: 'toast.show'; toast: ToastInput }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.expired'; id: string };
