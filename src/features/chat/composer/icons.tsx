/** The composer's small line icons, drawn in the app's one icon set (components/ui/icons). */
import { Icon } from '../../../components/ui/icons';

export { CloseIcon } from '../../../components/ui/icons';

export const AttachIcon = () => (
  <Icon>
    <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L10.2 17.7a1.7 1.7 0 0 1-2.4-2.4L15.5 7.6" />
  </Icon>
);

export const EmojiIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
  </Icon>
);

export const SendIcon = () => (
  <Icon>
    <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
  </Icon>
);

export const RetryIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5" />
  </Icon>
);

export const FileIcon = () => (
  <Icon size={24}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5" />
  </Icon>
);

export const QuoteIcon = () => (
  <Icon size={16}>
    <path d="M9 17H5v-4l2-6h2l-2 6h2v4ZM19 17h-4v-4l2-6h2l-2 6h2v4Z" />
  </Icon>
);

export const EditIcon = () => (
  <Icon size={16}>
    <path d="M4 20h4L19 9l-4-4L4 16v4ZM13 7l4 4" />
  </Icon>
);

export const LockIcon = () => (
  <Icon size={18}>
    <rect x="5" y="11" width="14" height="9" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </Icon>
);
