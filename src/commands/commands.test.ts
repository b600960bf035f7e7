import { OfficeMockObject } from "office-addin-mock";
import { ACTIONS, openTaskpane, registerCommands } from "./commands";

/** Installs an office-addin-mock `Office` global whose addin.showAsTaskpane behaves as given. */
function mockOffice(showAsTaskpane: () => Promise<void>) {
  const associated = new Map<string, (event?: Office.AddinCommands.Event) => unknown>();
  const office = new OfficeMockObject({
    actions: {
      associate: (id: string, fn: (event?: Office.AddinCommands.Event) => unknown) => associated.set(id, fn),
    },
    addin: { showAsTaskpane },
  });
  (globalThis as { Office?: unknown }).Office = office;
  return associated;
}

describe("ribbon commands (shared runtime)", () => {
  afterEach(() => {
    delete (globalThis as { Office?: unknown }).Office;
  });

  it("registers the action named in manifest.xml, and it opens the task pane", async () => {
    const show = jest.fn(() => Promise.resolve());
    const associated = mockOffice(show);
    registerCommands();
    expect([...associated.keys()]).toEqual([ACTIONS.openTaskpane]);

    const completed = jest.fn();
    await associated.get(ACTIONS.openTaskpane)!({ completed } as unknown as Office.AddinCommands.Event);
    expect(show).toHaveBeenCalledTimes(1);
    expect(completed).toHaveBeenCalledTimes(1);
  });

  it("completes the ribbon event even when the task pane cannot open", async () => {
    mockOffice(() => Promise.reject(new Error("not supported")));
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const completed = jest.fn();
    await openTaskpane({ completed } as unknown as Office.AddinCommands.Event);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("names in ACTIONS match the manifest's <FunctionName> elements", async () => {
    const { readFile } = await import("node:fs/promises");
    const manifest = await readFile(`${__dirname}/../../manifest.xml`, "utf8");
    const declared = [...manifest.matchAll(/<FunctionName>([^<]+)<\/FunctionName>/g)].map((m) => m[1]);
    expect(declared.sort()).toEqual(Object.values(ACTIONS).sort());
  });
});
