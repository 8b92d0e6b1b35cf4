import { create } from 'zustand';

export interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title?: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  resolve: (accepted: boolean) => void;
}

interface ModalState {
  dialogs: DialogRequest[];
  /** Count of pending operations; the loader modal shows while it is above zero. */
  loading: number;
  open: (request: Omit<DialogRequest, 'id' | 'resolve'>) => Promise<boolean>;
  close: (id: number, accepted: boolean) => void;
  startLoading: () => void;
  stopLoading: () => void;
}

let nextId = 1;

export const useModals = create<ModalState>((set, get) => ({
  dialogs: [],
  loading: 0,
  open: (request) =>
    new Promise<boolean>((resolve) => {
      set((state) => ({ dialogs: [...state.dialogs, { ...request, id: nextId++, resolve }] }));
    }),
  close: (id, accepted) => {
    const dialog = get().dialogs.find((item) => item.id === id);
    set((state) => ({ dialogs: state.dialogs.filter((item) => item.id !== id) }));
    dialog?.resolve(accepted);
  },
  startLoading: () => set((state) => ({ loading: state.loading + 1 })),
  stopLoading: () => set((state) => ({ loading: Math.max(0, state.loading - 1) })),
}));

interface ConfirmOptions {
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}

/** Asks a yes/no question in a modal; resolves true when confirmed. */
export function useConfirm(): (message: string, options?: ConfirmOptions) => Promise<boolean> {
  const open = useModals((state) => state.open);
  return (message, options = {}) =>
    open({
      kind: 'confirm',
      message,
      title: options.title,
      confirmLabel: options.confirmLabel ?? 'Yes',
      cancelLabel: options.cancelLabel ?? 'Cancel',
    });
}

/** Shows a message in a modal with one OK button. */
export function useAlertModal(): (message: string, title?: string) => Promise<boolean> {
  const open = useModals((state) => state.open);
  return (message, title) => open({ kind: 'alert', message, title, confirmLabel: 'OK', cancelLabel: '' });
}

/** Runs work with the loader modal on screen. */
export async function withLoader<T>(work: Promise<T>): Promise<T> {
  const { startLoading, stopLoading } = useModals.getState();
  startLoading();
  try {
    return await work;
  } finally {
    stopLoading();
  }
}
