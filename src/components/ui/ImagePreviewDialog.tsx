/**
 * The global image preview: one image full size in a modal dialog with a close button. The
 * native dialog traps focus, closes on Escape and gives focus back to the opener; a click on the
 * backdrop (outside the image and button) closes it too.
 */
import { useEffect, useRef } from 'react';

export interface ImagePreviewDialogProps {
  open: boolean;
  src: string | null;
  alt: string;
  label: string;
  closeLabel: string;
  onClose: () => void;
}

export function ImagePreviewDialog({ open, src, alt, label, closeLabel, onClose }: ImagePreviewDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="image-preview"
      aria-label={label}
      data-state={open ? 'open' : 'closed'}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && src && (
        <div className="image-preview-body">
          <button type="button" className="image-preview-close" onClick={onClose} autoFocus>
            {closeLabel}
          </button>
          <img src={src} alt={alt} />
        </div>
      )}
    </dialog>
  );
}
