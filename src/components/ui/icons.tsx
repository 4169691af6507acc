/**
 * The app's one set of drawn icons: 24-unit line drawings in the text colour, 2 units wide with
 * round ends (the chat's attach, pin and details buttons are drawn the same way). Icons are
 * decorative: the button or link that holds one carries its own accessible name, so every icon
 * is hidden from screen readers and never takes focus. Text characters (☰ ✎ ⋯ ▸ ✕) are not
 * used as icons: their size, weight and baseline change with each font.
 */
import type { ReactNode } from 'react';

export function Icon({ children, size = 20, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
    >
      {children}
    </svg>
  );
}

interface SizeProps {
  size?: number;
}

/** Three lines: opens the navigation menu. */
export const MenuIcon = ({ size = 24 }: SizeProps) => (
  <Icon size={size}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

/** A cross: closes or removes. */
export const CloseIcon = ({ size = 16 }: SizeProps) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

/** A pencil on a sheet: writes something new (a new direct message). */
export const ComposeIcon = ({ size = 20 }: SizeProps) => (
  <Icon size={size}>
    <path d="M12 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-6" />
    <path d="M18.4 2.6a2 2 0 0 1 2.9 2.9L12 14.8l-3.8.9.9-3.8 9.3-9.3Z" />
  </Icon>
);

/** Three dots: more actions (a row's or a message's menu). */
export const MoreIcon = ({ size = 20 }: SizeProps) => (
  <Icon size={size}>
    <circle cx="5" cy="12" r="1.25" fill="currentColor" />
    <circle cx="12" cy="12" r="1.25" fill="currentColor" />
    <circle cx="19" cy="12" r="1.25" fill="currentColor" />
  </Icon>
);

const CHEVRON = { right: 'M9 5l7 7-7 7', left: 'M15 5l-7 7 7 7', down: 'M5 9l7 7 7-7' } as const;

/** A chevron: folds and unfolds (right, down), or steps back and forth (left, right). */
export const ChevronIcon = ({ direction, size = 16 }: SizeProps & { direction: keyof typeof CHEVRON }) => (
  <Icon size={size} className={`icon-chevron-${direction}`}>
    <path d={CHEVRON[direction]} />
  </Icon>
);

/** An arrow down: to the newest messages. */
export const ArrowDownIcon = ({ size = 16 }: SizeProps) => (
  <Icon size={size}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </Icon>
);

/** An arrow up out of a tray: uploads a file. */
export const UploadIcon = ({ size = 18 }: SizeProps) => (
  <Icon size={size}>
    <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
  </Icon>
);

/** A tick: chosen. */
export const CheckIcon = ({ size = 14 }: SizeProps) => (
  <Icon size={size}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);
