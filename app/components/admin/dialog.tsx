import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "../icons";
import { buttonClass } from "./screen-parts";

interface DialogProps {
  open: boolean;
  title: string;
  /** Called when the dialog closes by Escape, the close button or the backdrop. */
  onClose: () => void;
  children: React.ReactNode;
  /** Buttons at the bottom (e.g. Cancel / Save). */
  footer?: React.ReactNode;
  size?: "sm" | "md" | "lg";
  /** The dialog's role: "alertdialog" for confirmations. */
  role?: "dialog" | "alertdialog";
}

const WIDTH = { sm: "max-w-md", md: "max-w-2xl", lg: "max-w-4xl" };

/**
 * A modal built on the native <dialog> with showModal(): the browser traps focus and closes it on Escape.
 * Focus goes back to the element that opened it.
 */
export function Dialog({ open, title, onClose, children, footer, size = "md", role = "dialog" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      onCloseRef.current();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, []);

  // Closing an unmounting dialog still returns focus.
  useEffect(
    () => () => {
      const back = opener.current;
      if (back?.isConnected) back.focus();
    },
    [],
  );

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] ${WIDTH[size]} flex-col overflow-hidden rounded-lg bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/60 open:flex`}
      onMouseDown={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === ref.current) ref.current?.close();
      }}
    >
      <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold text-brand-700">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="grid h-9 w-9 shrink-0 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <CloseIcon className="h-5 w-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      {open && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
      {open && footer && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">{footer}</div>
      )}
    </dialog>
  );
}

type ConfirmFn = (question: string, options?: { confirmLabel?: string; title?: string }) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

export function useConfirm(): ConfirmFn {
  const fn = useContext(ConfirmContext);
  if (!fn) throw new Error("useConfirm must be used inside <ConfirmProvider>");
  return fn;
}

interface Pending {
  question: string;
  title: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/** Accessible confirmations: `await confirm("Are you sure you want to delete this banner?")`. */
export function ConfirmProvider({ children }: { children: React.ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const answered = useRef(false);

  const confirm = useCallback<ConfirmFn>(
    (question, options) =>
      new Promise<boolean>((resolve) => {
        answered.current = false;
        setPending({
          question,
          title: options?.title ?? "Please confirm",
          confirmLabel: options?.confirmLabel ?? "Delete",
          resolve,
        });
      }),
    [],
  );

  const finish = (ok: boolean) => {
    if (!pending || answered.current) return;
    answered.current = true;
    pending.resolve(ok);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={pending !== null}
        title={pending?.title ?? "Please confirm"}
        onClose={() => finish(false)}
        size="sm"
        role="alertdialog"
        footer={
          <>
            <button type="button" className={buttonClass("secondary")} onClick={() => finish(false)}>
              Cancel
            </button>
            <button type="button" className={buttonClass("danger")} onClick={() => finish(true)}>
              {pending?.confirmLabel ?? "Delete"}
            </button>
          </>
        }
      >
        <p className="text-slate-700">{pending?.question}</p>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
