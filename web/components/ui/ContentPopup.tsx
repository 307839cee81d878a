import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Popup, PopupIcon } from "./Popup";

/** The icons a popup's content may name (icona): drawn here, so no emoji depends on the device's fonts. */
const icons = {
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />,
  hourglass: <path d="M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9" />,
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </>
  ),
  crown: <path d="M3 18 5 7l4.5 5L12 5l2.5 7L19 7l2 11Z" strokeLinejoin="round" />,
  coin: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
    </>
  ),
  heart: (
    <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z" strokeLinejoin="round" />
  ),
  phone: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2" />
      <path d="M11 18.5h2" strokeLinecap="round" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6-6.2-6-11a6 6 0 0 1 12 0c0 4.8-6 11-6 11Z" />
      <circle cx="12" cy="10" r="2" />
    </>
  ),
  page: (
    <>
      <path d="M6 3h9l3 3v15H6Z" strokeLinejoin="round" />
      <path d="M9 10h6M9 14h6M9 18h4" strokeLinecap="round" />
    </>
  ),
} as const;
export type PopupIconName = keyof typeof icons;

/**
 * A button of the spec's popup content object: its text (testo), an icon (icona), and what it does: go to a
 * page of the site (redirect), or run one of the page's actions (onclick) with its `data` (the deactivate
 * popup's "procedi" proceeds, anything else closes).
 */
export interface PopupButton<Action extends string = string> {
  testo: string;
  icona?: PopupIconName;
  redirect?: string;
  onclick?: Action;
  data?: string;
  /** The popup's main way on (drawn as the primary button). */
  primary?: boolean;
  testId?: string;
}

/**
 * The spec's popup content object (money-platform.md section 3): header, title, descrizione, messaggio, icona,
 * colore (the message's colour: the catalogue's error #840000, success #067a15) and bottoni. `iframe`: a page of
 * this site shown inside the popup (the iframe hook). `teaser`: what a hook shows of who is waiting (her photo).
 */
export interface PopupContent<Action extends string = string> {
  header?: string;
  title: string;
  descrizione?: string;
  messaggio?: string;
  icona?: PopupIconName;
  colore?: string;
  /** A document shown in a sandboxed frame: its title and its HTML, written from the safe tree only. */
  iframe?: { title: string; html: string };
  bottoni: PopupButton<Action>[];
}

// Inline, so the popup looks the same wherever a feature opens it (no stylesheet of another feature).
const headerStyle = {
  display: "flex",
  alignItems: "center",
  gap: 12,
  padding: "12px 16px",
  borderRadius: 10,
  color: "#fff",
  fontSize: "1rem",
  fontWeight: 700,
  background:
    "linear-gradient(135deg, var(--brand-primary), color-mix(in srgb, var(--brand-primary) 60%, #000))",
} as const;
const iframeStyle = {
  width: "100%",
  height: "min(55vh, 460px)",
  border: "1px solid var(--border)",
  borderRadius: 8,
} as const;

/**
 * The framed document: its links open in a new tab (the frame runs no script and is no origin of ours). It
 * inherits the page's Content Security Policy, so its one style carries the page's nonce.
 */
function frameDocument(html: string): string {
  const nonce = document.getElementById("brand-theme")?.nonce ?? "";
  const style = "body{font:15px/1.5 system-ui,sans-serif;margin:12px 14px;color:#222}h2,h3{line-height:1.25}";
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style nonce="${nonce.replace(/[^\w+/=-]/g, "")}">${style}</style></head><body>${html}</body></html>`;
}

/**
 * The generic popup, drawn from a content object: every popup whose texts and buttons are data (the hooks,
 * the payment outcomes, the unsubscribe and deactivate confirmations) is one of these. `onAction` runs a
 * button's onclick with its data; a button without either closes the popup.
 */
export function ContentPopup<Action extends string>({
  content,
  onAction,
  onClose,
  dismissible,
  testId,
  children,
}: {
  content: PopupContent<Action>;
  onAction?: (action: Action, data: string | undefined) => void;
  onClose: () => void;
  dismissible?: boolean;
  testId?: string;
  /** What a popup shows besides its texts (the blurred hook's teaser). */
  children?: ReactNode;
}) {
  // On the header's band the icon takes the band's white; alone it takes the message's colour.
  const icon = content.icona && (
    <span
      style={{
        color: content.header ? "inherit" : (content.colore ?? "var(--brand-primary)"),
        display: "flex",
      }}
      data-testid="popup-icon"
    >
      <PopupIcon>{icons[content.icona]}</PopupIcon>
    </span>
  );
  return (
    <Popup
      title={content.title}
      testId={testId}
      onClose={onClose}
      dismissible={dismissible}
      icon={
        content.header ? (
          <span className="hook-header" data-testid="hook-header" style={headerStyle}>
            {icon}
            <span>{content.header}</span>
          </span>
        ) : (
          icon
        )
      }
      actions={
        content.bottoni.length > 0 &&
        content.bottoni.map((button) => {
          const className = `button${button.primary ? " primary" : ""}`;
          const label = (
            <>
              {button.icona && <PopupIcon>{icons[button.icona]}</PopupIcon>}
              {button.testo}
            </>
          );
          return button.redirect ? (
            <Link key={button.testo} to={button.redirect} className={className} data-testid={button.testId}>
              {label}
            </Link>
          ) : (
            <button
              key={button.testo}
              type="button"
              className={className}
              data-testid={button.testId}
              data-value={button.data}
              onClick={() => (button.onclick ? onAction?.(button.onclick, button.data) : onClose())}
            >
              {label}
            </button>
          );
        })
      }
    >
      {children}
      {content.descrizione && <p data-testid="popup-description">{content.descrizione}</p>}
      {content.messaggio && (
        <p className="payment-message" style={{ color: content.colore }} data-testid="payment-message">
          {content.messaggio}
        </p>
      )}
      {content.iframe && (
        <iframe
          srcDoc={frameDocument(content.iframe.html)}
          title={content.iframe.title}
          style={iframeStyle}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          data-testid="popup-iframe"
        />
      )}
    </Popup>
  );
}
