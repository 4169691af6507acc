/**
 * A composer button that opens a part fetched on first use (the poll and location dialogs, the
 * voice recorder): its code is fetched ahead when the button is pointed at or focused.
 */
import type { Ref } from 'react';

interface Props {
  label: string;
  /** The button's `data-part`. */
  part: string;
  /** The path of the filled 24×24 icon. */
  iconPath: string;
  onOpen: () => void;
  preload: () => unknown;
  ref?: Ref<HTMLButtonElement>;
}

export function LauncherButton({ label, part, iconPath, onOpen, preload, ref }: Props) {
  const fetchAhead = () => void preload();
  return (
    <button
      ref={ref}
      type="button"
      className="composer-icon-button"
      aria-label={label}
      title={label}
      data-part={part}
      onPointerEnter={fetchAhead}
      onFocus={fetchAhead}
      onClick={onOpen}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
        <path d={iconPath} fill="currentColor" />
      </svg>
    </button>
  );
}
