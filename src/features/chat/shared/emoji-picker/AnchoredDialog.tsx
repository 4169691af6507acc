/**
 * A small modal dialog placed next to the control that opened it (the emoji picker, the list of
 * who reacted), or centred when there is none (confirmations). The native modal `<dialog>` puts it
 * in the top layer (never clipped by the message list), traps focus and makes the page inert;
 * Escape and a click outside close it, and focus goes back to the opener.
 */
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useAnchoredPosition, type Placement } from './anchored-position';
import './anchored-dialog.css';

export interface AnchoredDialogProps {
  /** Accessible name (or use `labelledBy`). */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  /** The control it belongs to; focus returns there. Default: the element focused when it opened. */
  anchorRef?: RefObject<HTMLElement | null>;
  /** Centre it instead of placing it next to the anchor. */
  centered?: boolean;
  placement?: Placement;
  /** Escape, or a click outside. */
  onClose: () => void;
  /** Give focus back to the opener when it closes (default true). */
  returnFocus?: boolean;
  className?: string;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
  /** data-part of the dialog element. */
  part?: string;
}

export function AnchoredDialog({
  label,
  labelledBy,
  describedBy,
  anchorRef,
  centered = false,
  placement = 'below',
  onClose,
  returnFocus = true,
  className,
  role,
  children,
  part,
}: AnchoredDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  useAnchoredPosition(centered ? null : (anchorRef ?? null), ref, placement);

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener =
      anchorRef?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      // Environments without modal dialogs (jsdom): shown in place, focus moved in by hand.
      dialog.setAttribute('open', '');
      const first = dialog.querySelector<HTMLElement>('[autofocus], button, input, [tabindex="0"]');
      (first ?? dialog).focus();
    }
    // Escape closes it even when a control inside handles Escape itself (the picker's search
    // field does), hence a capturing listener rather than the dialog's cancel event alone.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
    };
    dialog.addEventListener('keydown', onKey, true);
    return () => {
      dialog.removeEventListener('keydown', onKey, true);
      const active = document.activeElement;
      const focusInside = !active || active === document.body || dialog.contains(active);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus && focusInside && opener?.isConnected) opener.focus();
    };
    // Opened once per mount; the opener is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      className={['anchored-dialog', className].filter(Boolean).join(' ')}
      data-part={part}
      data-placement={centered ? 'center' : placement}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // Portalled, but React events still bubble to the opener's ancestors: keep them here.
        event.stopPropagation();
        // The backdrop: a click on the dialog element itself, outside its content.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {children}
    </dialog>,
    document.body,
  );
}
