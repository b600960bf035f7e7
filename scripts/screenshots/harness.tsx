/**
 * Screenshot harness (not shipped): the real App with made-up services, so every screen can be
 * looked at in a browser at 320 px and full width, in both languages. `#pt-BR/distribute` picks
 * the language and the first screen. Built and driven by ./shoot.mjs.
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { createRoot } from "react-dom/client";
import { App, type ScreenName } from "../../src/taskpane/App";
import type { Locale } from "../../src/ui/i18n";
import { fixtureServices } from "./fixtures";

const [locale, screen, variant] = location.hash.slice(1).split("/") as [Locale, ScreenName, string?];
createRoot(document.getElementById("root")!).render(
  <FluentProvider theme={webLightTheme}>
    <App
      locale={locale}
      services={fixtureServices(locale, variant)}
      sandboxUrl="http://127.0.0.1:4010"
      initialScreen={screen}
    />
  </FluentProvider>,
);
