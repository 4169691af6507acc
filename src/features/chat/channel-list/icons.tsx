/** Small line icons for the row markers (the text beside them says what they mean). */
const common = {
  width: 14,
  height: 14,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

/** A bell, struck through: muted. */
export function MutedIcon() {
  return (
    <svg {...common}>
      <path d="M18 8a6 6 0 0 0-9.3-5M6.3 6.3A6 6 0 0 0 6 8c0 7-3 9-3 9h14" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      <path d="M2 2l20 20" />
    </svg>
  );
}

/** A snowflake: frozen. */
export function FrozenIcon() {
  return (
    <svg {...common}>
      <path d="M12 2v20M4.9 6.5l14.2 11M4.9 17.5l14.2-11" />
      <path d="M9 4l3 2 3-2M9 20l3-2 3 2" />
    </svg>
  );
}
