/**
 * The frame of the chat's side panels (the thread, the channel details): beside the channel on
 * wide screens, over it on narrow ones. A complementary region named by its heading, the channel's
 * name under it, a close button, and Escape (when nothing inside used it) to close.
 */
import { useEffect, useId, useRef, type ComponentPropsWithoutRef, type KeyboardEvent, type ReactNode } from 'react';
import './side-panel.css';
import { CloseIcon } from '../../../components/ui/icons';

interface Props extends Omit<ComponentPropsWithoutRef<'aside'>, 'title' | 'aria-labelledby' | 'onKeyDown'> {
  title: string;
  subtitle: ReactNode;
  closeLabel: string;
  /** The close button's `data-part`. */
  closePart: string;
  onClose: () => void;
  /** Moves the focus to the heading when the panel opens. */
  focusTitle?: boolean;
  /** What goes before the header (the thread's resize handle). */
  edge?: ReactNode;
}

export function SidePanel({
  title,
  subtitle,
  closeLabel,
  closePart,
  onClose,
  focusTitle = false,
  edge,
  className,
  children,
  ...rest
}: Props) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusTitle) headingRef.current?.focus();
  }, [focusTitle]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  return (
    <aside
      {...rest}
      className={className ? `chat-side-panel ${className}` : 'chat-side-panel'}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      {edge}
      <header className="chat-channel-header">
        <div className="chat-channel-heading">
          <h2 id={titleId} ref={headingRef} tabIndex={focusTitle ? -1 : undefined}>
            {title}
          </h2>
          <p className="chat-muted">{subtitle}</p>
        </div>
        <button
          type="button"
          className="chat-icon-button chat-header-action"
          aria-label={closeLabel}
          title={closeLabel}
          data-part={closePart}
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
      </header>
      {children}
    </aside>
  );
}
