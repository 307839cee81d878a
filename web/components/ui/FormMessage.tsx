import type { ReactNode } from "react";
import "./ui.css";

/** A form's outcome: errors are announced at once (alert), confirmations politely (status). */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return tone === "error" ? (
    <p className="message error" role="alert">
      {children}
    </p>
  ) : (
    <p className="message success" role="status">
      {children}
    </p>
  );
}
