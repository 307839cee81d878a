import { type ReactNode, useEffect, useRef } from "react";

/** The generic popup on a native modal dialog: Escape and a click outside close it, focus stays inside. */
export function Popup(props: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel).
    <dialog
      ref={dialog}
      className="popup"
      aria-label={props.title}
      onCancel={props.onClose}
      onClick={(e) => {
        if (e.target === dialog.current) props.onClose();
      }}
    >
      <h2>{props.title}</h2>
      <div className="popup-body">{props.children}</div>
      <div className="popup-actions">{props.actions}</div>
    </dialog>
  );
}
