/** Small line icons for the message toolbar (decorative: the buttons carry the names). */
export function AddReactionIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
      <path
        d="M11 3a8 8 0 1 0 8 8h-2a6 6 0 1 1-6-6V3Zm-3 6.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5Zm6 0a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5ZM7.8 13.5a3.6 3.6 0 0 0 6.4 0h-1.9a2 2 0 0 1-2.6 0H7.8ZM18 2v2h-2v2h2v2h2V6h2V4h-2V2h-2Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function PeopleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false" className="icon">
      <path
        d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm0 2c-3.3 0-6 1.7-6 4v2h12v-2c0-2.3-2.7-4-6-4Zm7.5-2a3 3 0 1 0 0-6v6Zm.8 2.1c1.6.7 2.7 2 2.7 3.9v2h2v-2c0-1.9-1.9-3.4-4.7-3.9Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function ReplyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className="icon">
      <path
        d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v9h1v2l2.5-2H19V6H5Zm3 3h8v2H8V9Z"
        fill="currentColor"
      />
    </svg>
  );
}
