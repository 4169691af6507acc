/** The recorder's and player's icons (decorative: their buttons carry the labels). */
const svg = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  'aria-hidden': true,
  focusable: false,
  className: 'icon',
} as const;

export const PlayIcon = () => (
  <svg {...svg}>
    <path d="M8 5v14l11-7L8 5Z" fill="currentColor" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...svg}>
    <path d="M7 5h4v14H7V5Zm6 0h4v14h-4V5Z" fill="currentColor" />
  </svg>
);
export const StopIcon = () => (
  <svg {...svg}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </svg>
);
export const RecordIcon = () => (
  <svg {...svg}>
    <circle cx="12" cy="12" r="6" fill="currentColor" />
  </svg>
);
export const TrashIcon = () => (
  <svg {...svg}>
    <path d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h2v-8h-2Z" fill="currentColor" />
  </svg>
);
