/** Test helpers: render a screen the way the pane does (theme, language, the one message area). */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { FEATURE_ERROR_WORDS } from "./error-words";
import { ErrorCenter, MessageArea } from "../ui/errors/ErrorCenter";
import { type Locale, LanguageProvider, messagesFor } from "../ui/i18n";

export function renderPane(ui: ReactElement, locale: Locale = "pt-BR"): RenderResult {
  return render(
    <FluentProvider theme={webLightTheme}>
      <LanguageProvider value={{ locale, t: messagesFor(locale) }}>
        <ErrorCenter words={FEATURE_ERROR_WORDS}>
          <MessageArea />
          {ui}
        </ErrorCenter>
      </LanguageProvider>
    </FluentProvider>,
  );
}

/** A JSON response as `fetch` gives it (jsdom has no `Response`, so a minimal one). */
export function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: "",
    headers: new Headers({ "content-type": "application/json" }),
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  } as unknown as Response;
}
