export interface ImagePreviewContext {
  isOpen: boolean;
  src: string | null;
  alt: string;
}

export type ImagePreviewEvent = { type: 'preview.open'; src: string; alt?: string } | { type: 'preview.close' };
