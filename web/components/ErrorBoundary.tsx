import { Component, type ErrorInfo, type ReactNode, useEffect } from "react";
import { CLIENT_LOG_SUBJECTS } from "../../worker/contracts/tracking-names";
import { useI18n } from "../i18n/i18n";
import { reportClientError } from "../lib/client-errors";

/** What a page shows in place of what failed to draw: the problem is reported, a reload goes on. */
export function PageError() {
  const { t } = useI18n();
  return (
    <section className="card center" role="alert" data-testid="page-error">
      <h1>{t("error_boundary_title")}</h1>
      <p>{t("error_boundary_text")}</p>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        {t("error_boundary_reload")}
      </button>
    </section>
  );
}

/** Reports an error the page's drawing threw (the router's error component and the outer boundary). */
export function reportRenderError(error: unknown, componentStack?: string | null) {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const where = componentStack?.trim().split("\n")[0]?.trim();
  reportClientError(CLIENT_LOG_SUBJECTS.errorBoundary, where ? `${text} ${where}` : text);
}

/** The outer boundary: an error outside the router's pages (the providers, the frame). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportRenderError(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

/** The router's error component: a page that threw while drawing or loading. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => reportRenderError(error), [error]);
  return <PageError />;
}
