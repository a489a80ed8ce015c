import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { CheckIcon, CloseIcon } from "../icons";

/** How long a toast stays (SPEC §9: 3 seconds). */
const TOAST_MS = 3000;

export type ToastKind = "success" | "error" | "warning" | "info";

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastApi {
  show(kind: ToastKind, text: string): void;
  success(text: string): void;
  error(text: string): void;
  warning(text: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

const STYLE: Record<ToastKind, string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  warning: "border-amber-600 bg-amber-50 text-amber-900",
  info: "border-brand-500 bg-brand-50 text-brand-900",
};

/** Toasts top right, each gone after TOAST_MS; announced politely to screen readers. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
    const timer = timers.current.get(id);
    if (timer) clearTimeout(timer);
    timers.current.delete(id);
  }, []);

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, text }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      );
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all.values()) clearTimeout(t);
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (t) => show("success", t),
      error: (t) => show("error", t),
      warning: (t) => show("warning", t),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed top-4 right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            data-kind={t.kind}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm font-medium shadow-lg ${STYLE[t.kind]}`}
          >
            {t.kind === "success" && <CheckIcon className="mt-0.5 h-4 w-4 shrink-0" />}
            <p className="min-w-0 flex-1 break-words">{t.text}</p>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              className="-m-1 grid h-6 w-6 shrink-0 place-items-center rounded hover:bg-black/5"
            >
              <CloseIcon className="h-4 w-4" />
              <span className="sr-only">Dismiss</span>
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
