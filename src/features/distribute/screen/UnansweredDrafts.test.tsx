/**
 * Drafts whose create got no answer (issue 22, item 7), as the pane shows them: the unknown
 * outcome in plain words (a draft may exist, cannot be listed, no money moved), the cap as a
 * question with "Create another draft", which sends once more with the count the person saw,
 * and the review naming the unanswered count. In pt-BR and en-US.
 */
import { fireEvent, screen } from "@testing-library/react";
import { APIConnectionError, DraftCreateOutcomeUnknownError } from "../../../api";
import { type RunLogEntry, UnansweredDraftsError } from "../../../workbook/run-log";
import type { DistributeServices } from "../services";
import { renderDistribute } from "../testing/render";
import { DistributeScreen } from "./DistributeScreen";
import { fake, passing, sendEnabled } from "../testing/fake-services";

const unknown = () =>
  new DraftCreateOutcomeUnknownError({
    cause: new APIConnectionError({
      method: "POST",
      url: "https://api.test/distributions",
      message: "reset",
    }),
    applied: false,
  });
const attempt = (minute: number): RunLogEntry => ({
  at: `2026-11-27T09:0${minute}:00Z`,
  table: "Novembro",
  mode: "selected",
  distributionId: `pending-${minute}`,
  state: "creating",
});

/** Picks the table in either language (fake-services' `pickTable` reads pt-BR labels). */
async function pickTable() {
  const select = await screen.findByLabelText(/^(Tabela|Table)$/);
  await screen.findByRole("option", { name: /^Novembro/ });
  fireEvent.change(select, { target: { value: "Novembro" } });
  await screen.findByText(/colunas reconhecidas|columns recognised/); // the mapping, read and folded
}

function services() {
  const base = fake({ validate: jest.fn(() => Promise.resolve(passing)) });
  const send = jest.fn<ReturnType<DistributeServices["send"]>, Parameters<DistributeServices["send"]>>();
  send.mockRejectedValueOnce(unknown());
  send.mockRejectedValueOnce(new UnansweredDraftsError("Novembro", "selected", [attempt(1), attempt(2)]));
  send.mockImplementation(async (...args) => ({
    ...(await base.send(...args)),
    unansweredDrafts: 2,
  }));
  return { ...base, send };
}

it.each([
  {
    locale: "pt-BR" as const,
    send: "Enviar para rascunho",
    validate: "Validar",
    unknownTitle: "Não se sabe se o rascunho foi criado",
    unknownBody: /pode ter sido criado.*não tem como listar rascunhos.*Nenhum dinheiro saiu/,
    capTitle: "Rascunhos sem resposta",
    capBody: /2 tentativas.*Nenhum dinheiro saiu.*não cria mais de 2/,
    another: "Criar outro rascunho",
    review: /2 tentativa\(s\) anterior\(es\).*não pagam nada/,
  },
  {
    locale: "en-US" as const,
    send: "Send to draft",
    validate: "Validate",
    unknownTitle: "It is not known whether the draft was created",
    unknownBody: /may have been created.*no way to list drafts.*No money moved/,
    capTitle: "Drafts with no answer",
    capBody: /2 attempts.*No money moved.*no more than 2/,
    another: "Create another draft",
    review: /2 earlier attempt\(s\).*pay nothing/,
  },
])("$locale: unknown outcome, the cap's question, Create another draft, the review's count", async (w) => {
  const s = services();
  renderDistribute(<DistributeScreen services={s} />, w.locale);
  await pickTable();
  fireEvent.click(screen.getByRole("button", { name: w.validate }));

  // 1. The create's answer was lost: said plainly, as a warning.
  fireEvent.click(await sendEnabled(w.send));
  expect(await screen.findByText(w.unknownTitle)).toBeTruthy();
  expect(screen.getByText(w.unknownBody)).toBeTruthy();
  expect(screen.queryByRole("button", { name: w.another })).toBeNull();

  // 2. The cap: a question, not an error; nothing is sent until the person asks.
  fireEvent.click(await sendEnabled(w.send));
  expect(await screen.findByText(w.capTitle)).toBeTruthy();
  expect(screen.getByText(w.capBody)).toBeTruthy();
  expect(s.send).toHaveBeenCalledTimes(2);

  // 3. "Create another draft" sends once more with the count shown; the review names it.
  fireEvent.click(screen.getByRole("button", { name: w.another }));
  expect(await screen.findByTestId("unanswered-drafts")).toBeTruthy();
  expect(screen.getByTestId("unanswered-drafts").textContent).toMatch(w.review);
  expect(s.send).toHaveBeenCalledTimes(3);
  expect(s.send).toHaveBeenLastCalledWith(
    { table: "Novembro", mode: "selected", allowAnotherDraftAfter: 2 },
    expect.anything(),
  );
  expect(screen.queryByRole("button", { name: w.another })).toBeNull();
});
