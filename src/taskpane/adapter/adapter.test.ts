/**
 * The pane's real services against the sandbox over loopback: the same path a user takes from
 * the Connection screen to the workflows (token store → client → API → workbook).
 */
import { TOKEN_A, startTestSandbox } from "../../../sandbox/test-harness";
import { newWorkbook } from "../../../test/workflows-env";
import { AuthenticationError } from "../../api";
import { createServices } from ".";
import { MemoryTokenStore, MemoryUserStorage } from "../memory-host";

describe("createServices over the sandbox", () => {
  let sb: Awaited<ReturnType<typeof startTestSandbox>>["sb"];
  beforeAll(async () => {
    ({ sb } = await startTestSandbox());
  });
  afterAll(() => sb.close());

  it("connects, shows the balance, pulls products into the workbook, and words a bad token as 401", async () => {
    const tokens = new MemoryTokenStore();
    const workbook = newWorkbook();
    const services = createServices({ userStorage: new MemoryUserStorage(), tokenStore: tokens, workbook });
    const saved = await services.connections.save({
      label: "Sandbox",
      environment: "sandbox",
      baseUrl: sb.url,
      persistence: "session",
      token: TOKEN_A,
    });
    const { availableCents } = await services.connections.test(saved.id, new AbortController().signal);
    expect(Number.isSafeInteger(availableCents)).toBe(true);
    expect(await services.fund!.balance(new AbortController().signal)).toBe(availableCents);

    const progress: string[] = [];
    const run = {
      signal: new AbortController().signal,
      onProgress: (p: { phase: string }) => progress.push(p.phase),
    };
    const pulled = await services.data!.pull("products", {}, run);
    const table = await workbook.getTable(pulled.table);
    expect(table?.rowCount).toBe(pulled.added);
    expect(pulled.added).toBeGreaterThan(0);

    await services.connections.save({ ...saved, token: "tok_not_valid_123" });
    await expect(services.fund!.balance(new AbortController().signal)).rejects.toBeInstanceOf(
      AuthenticationError,
    );
  });
});
