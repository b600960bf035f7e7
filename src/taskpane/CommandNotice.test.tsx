/** A ribbon command's outcome, shown above the pane: posted before or after the pane opens. */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { NoticeChannel } from "./notices";
import { CommandNotice } from "./CommandNotice";

const renderNotice = (notices: NoticeChannel, locale: "pt-BR" | "en-US" = "pt-BR") =>
  render(
    <FluentProvider theme={webLightTheme}>
      <CommandNotice notices={notices} locale={locale} />
    </FluentProvider>,
  );

test("a notice posted while the pane was closed shows when it opens; an error is an alert, with its next step", () => {
  const notices = new NoticeChannel();
  notices.post({
    intent: "error",
    title: "A tabela Beneficios tem problemas",
    body: "2 problema(s).",
    next: "Corrija.",
  });
  renderNotice(notices);
  const alert = screen.getByRole("alert");
  expect(alert.textContent).toContain("A tabela Beneficios tem problemas");
  expect(alert.textContent).toContain("Corrija.");
});

test("a later notice replaces it; dismissing clears it for good", () => {
  const notices = new NoticeChannel();
  renderNotice(notices, "en-US");
  expect(screen.queryByTestId("command-notice")).toBeNull();
  act(() => notices.post({ intent: "success", title: "Draft d1 ready for review", body: "3 employee(s)." }));
  expect(screen.getByRole("status").textContent).toContain("Draft d1 ready for review");
  act(() => notices.post({ intent: "info", title: "No distribution yet", body: "Send first." }));
  expect(screen.getByRole("status").textContent).not.toContain("Draft d1");
  fireEvent.click(screen.getByRole("button", { name: "Dismiss the message" }));
  expect(screen.queryByTestId("command-notice")).toBeNull();
  expect(notices.latest()).toBeUndefined();
});
