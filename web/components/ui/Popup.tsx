import { type ReactNode, useEffect, useId, useRef } from "react";
import "./ui.css";

/** Fields that bring up a phone's keyboard when they take the focus. */
const typesInto = (el: Element) =>
  el instanceof HTMLTextAreaElement ||
  (el instanceof HTMLElement && el.isContentEditable) ||
  (el instanceof HTMLInputElement &&
    ["text", "email", "tel", "password", "search", "url", "number"].includes(el.type));

/**
 * The generic popup on a native modal dialog: focus stays inside; Escape and a click outside close it
 * unless it is not dismissible (a popup the member has to answer, or one that ends in a reload).
 */
export function Popup(props: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  dismissible?: boolean;
  testId?: string;
  icon?: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const dismissible = props.dismissible ?? true;
  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    el.showModal();
    // showModal focuses the first control. A text field there would open a phone's keyboard over a popup the
    // member has not asked to type in (the double opt-in's "new address"): the dialog itself takes the focus
    // then (a screen reader reads its title), unless the field is what the popup is for (data-autofocus).
    const focused = document.activeElement;
    if (focused && el.contains(focused) && typesInto(focused) && !focused.hasAttribute("data-autofocus")) {
      el.focus();
    }
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (onCancel).
    <dialog
      ref={dialog}
      className="popup"
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) props.onClose();
      }}
      onClick={(e) => {
        if (dismissible && e.target === dialog.current) props.onClose();
      }}
    >
      {props.icon && <div className="popup-icon">{props.icon}</div>}
      <h2 id={titleId}>{props.title}</h2>
      <div className="popup-body">{props.children}</div>
      {props.actions && <div className="popup-actions">{props.actions}</div>}
    </dialog>
  );
}

/** A popup's 32 px line icon (an emoji would depend on the fonts of the device): its shapes as children. */
export function PopupIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="32"
      height="32"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
