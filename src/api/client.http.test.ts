/**
 * The client over Node's real fetch against a loopback server: proves what a fake cannot, that
 * fetch itself sets the multipart Content-Type with its boundary (rule 5) and that the headers
 * arrive as the document lists them.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "./client";

let server: Server;
let baseUrl: string;
const received: { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.setHeader("content-type", "application/json");
      res.end(
        req.url?.endsWith("/batch")
          ? JSON.stringify({ created: 1, errors: [] })
          : JSON.stringify({ available_amount: 10 }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("uploadBatch: fetch sets multipart/form-data with a boundary; we send Authorization and Accept", async () => {
  const client = createClient({ baseUrl, token: "tok_http_test_1234" });
  const res = await client.employees.uploadBatch(new Blob(["name,cpf\nAna,12345678909\n"]), "people.csv");
  expect(res.created).toBe(1);
  const req = received.at(-1)!;
  expect(req.method).toBe("POST");
  expect(req.url).toBe("/api/v1/valepix/employees/batch");
  expect(req.headers.authorization).toBe("Bearer tok_http_test_1234");
  expect(req.headers.accept).toBe("application/json");
  const ct = req.headers["content-type"]!;
  const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(ct)?.[1];
  expect(boundary).toBeDefined();
  expect(req.body).toContain(`--${boundary}`);
  expect(req.body).toContain('name="file"; filename="people.csv"');
  expect(req.body).toContain("Ana,12345678909");
});

it("a bodiless JSON GET carries Authorization, Accept and Content-Type: application/json (document, Endpoints)", async () => {
  const client = createClient({ baseUrl, getToken: () => Promise.resolve("tok_http_test_5678") });
  expect(await client.balances.get()).toEqual({ available_amount: 10 });
  const req = received.at(-1)!;
  expect(req.headers.authorization).toBe("Bearer tok_http_test_5678");
  expect(req.headers.accept).toBe("application/json");
  expect(req.headers["content-type"]).toBe("application/json");
});
