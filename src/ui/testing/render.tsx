/**
 * Renders a screen the way the pane does, without the pane: the theme, the language, and the one
 * message area with the error words the screen's feature hands in (its `error-words.ts`), so
 * the shared UI's and each feature's tests never import the shell.
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { ErrorCenter, MessageArea } from "../errors/ErrorCenter";
import type { ErrorWords } from "../errors/messageFor";
import { type Locale, LanguageProvider, messagesFor } from "../i18n";

export function renderScreen(
  ui: ReactElement,
  locale: Locale = "pt-BR",
  words: readonly ErrorWords[] = [],
): RenderResult {
  return render(
    <FluentProvider theme={webLightTheme}>
      <LanguageProvider value={{ locale, t: messagesFor(locale) }}>
        <ErrorCenter words={words}>
          <MessageArea />
          {ui}
        </ErrorCenter>
      </LanguageProvider>
    </FluentProvider>,
  );
}
