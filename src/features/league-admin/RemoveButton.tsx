/**
 * "Remove" for one entry of a list, asked first in a dialog (Cancel has focus first). A refusal
 * keeps the dialog open with the server's reason; a removal closes it and tells the list.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { useTranslation } from '../../i18n/use-translation';
import { reasonOf } from '../../lib/league-client';
import { useToast } from '../../lib/toasts';

export interface RemoveButtonProps {
  /** The button's text; `what` follows it for screen readers ("Remove" + "Harbour Hawks −3"). */
  label: string;
  what: string;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  done: string;
  failed: (reason: string) => string;
  remove: () => Promise<unknown>;
  onRemoved: () => void;
}

export function RemoveButton(props: RemoveButtonProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const confirm = async () => {
    setState({ busy: true, error: null });
    try {
      await props.remove();
      setAsking(false);
      toast.success(props.done);
      props.onRemoved();
    } catch (error) {
      setState({ busy: false, error: props.failed(reasonOf(error)) });
    }
  };
  return (
    <>
      <button
        type="button"
        className="secondary danger"
        onClick={() => {
          setState({ busy: false, error: null });
          setAsking(true);
        }}
      >
        {props.label} <span className="visually-hidden">{props.what}</span>
      </button>
      {asking && (
        <ConfirmDialog
          title={props.title}
          confirmLabel={props.confirmLabel}
          cancelLabel={t('admin.cancel')}
          busy={state.busy}
          error={state.error}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          {props.text}
        </ConfirmDialog>
      )}
    </>
  );
}
