/** Small line icons for the message list (decorative: the text next to them says the same). */
const common = {
  width: 14,
  height: 14,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const FileIcon = () => (
  <svg {...common} width={20} height={20} className="chat-icon">
    <path d="M4 1.5h5.5L13 5v9.5H4z" />
    <path d="M9.5 1.5V5H13" />
  </svg>
);

export const PinIcon = () => (
  <svg {...common} className="chat-icon">
    <path d="M6 1.5h4M7 1.5v4.5L4.5 9h7L9 6V1.5M8 9v5.5" />
  </svg>
);

export const ClockIcon = () => (
  <svg {...common} className="chat-icon">
    <circle cx="8" cy="8" r="6.25" />
    <path d="M8 4.5V8l2.5 1.5" />
  </svg>
);

export const CheckIcon = () => (
  <svg {...common} className="chat-icon">
    <path d="M2.5 8.5l3.5 3.5 7.5-8" />
  </svg>
);

export const DoubleCheckIcon = () => (
  <svg {...common} width={18} viewBox="0 0 20 16" className="chat-icon">
    <path d="M1.5 8.5l3.5 3.5 7.5-8M8.5 11l1 1 7.5-8" />
  </svg>
);
