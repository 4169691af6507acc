/** The global image preview (machines/image-preview): any component can open an image with `useImagePreview()`. */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ActorRefFrom } from 'xstate';
import { imagePreviewMachine } from '../../machines/image-preview/image-preview.machine';
import { selectPreview } from '../../machines/image-preview/image-preview.selectors';
import { registerDevActor } from './dev/actor-registry';
import { lazyPart } from './lazy-part';

// The dialog's code is fetched the first time a picture is opened, not with every screen.
const ImagePreviewDialog = lazyPart(() =>
  import('../components/ui/ImagePreviewDialog').then((m) => ({ default: m.ImagePreviewDialog })),
);

type PreviewActor = ActorRefFrom<typeof imagePreviewMachine>;
const PreviewContext = createContext<PreviewActor | null>(null);

export function ImagePreviewProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const actor = useActorRef(imagePreviewMachine);
  useEffect(() => registerDevActor('imagePreview', actor), [actor]);
  const { isOpen, src, alt } = useSelector(actor, selectPreview);
  // Mounted from the first opening on, so that closing (not unmounting) gives focus back.
  const [used, setUsed] = useState(false);
  if (isOpen && !used) setUsed(true);
  return (
    <PreviewContext.Provider value={actor}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ImagePreviewDialog
            open={isOpen}
            src={src}
            alt={alt}
            label={t('preview.label')}
            closeLabel={t('preview.close')}
            onClose={() => actor.send({ type: 'preview.close' })}
          />
        </Suspense>
      )}
    </PreviewContext.Provider>
  );
}

export function useImagePreview(): { open(src: string, alt?: string): void; close(): void } {
  const actor = useContext(PreviewContext);
  if (!actor) throw new Error('useImagePreview must be used inside ImagePreviewProvider');
  return useMemo(
    () => ({
      open: (src: string, alt?: string) => actor.send({ type: 'preview.open', src, alt }),
      close: () => actor.send({ type: 'preview.close' }),
    }),
    [actor],
  );
}
