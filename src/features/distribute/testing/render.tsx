/**
 * A Distribute panel rendered as the pane renders it, without the shell: the shared providers of
 * src/ui/testing/render.tsx with this feature's error words.
 */
import type { RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import type { Locale } from "../../../ui/i18n";
import { renderScreen } from "../../../ui/testing/render";
import { distributeErrorWords } from "../error-words";

export function renderDistribute(ui: ReactElement, locale?: Locale): RenderResult {
  return renderScreen(ui, locale, [distributeErrorWords]);
}
