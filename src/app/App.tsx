import { BrowserRouter } from 'react-router-dom';
import { ImagePreviewProvider } from '../lib/image-preview';
import { SessionProvider } from '../lib/session';
import { ToastProvider } from '../lib/toasts';
import { AppRoutes } from './routes';

export function App() {
  return (
    <SessionProvider>
      <ToastProvider>
        <ImagePreviewProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ImagePreviewProvider>
      </ToastProvider>
    </SessionProvider>
  );
}
