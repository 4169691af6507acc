/** A round picture that opens larger when pressed; the label says what pressing does. */
export function AvatarButton({
  src,
  label,
  size,
  onOpen,
}: {
  src: string;
  label: string;
  size: number;
  onOpen: () => void;
}) {
  return (
    <button type="button" className="avatar-button" aria-label={label} onClick={onOpen}>
      <img src={src} alt="" width={size} height={size} className="avatar" />
    </button>
  );
}
