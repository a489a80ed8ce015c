import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contactBatches } from "../../server/content/contact";
import { queryRows } from "../../server/db/client";
import { products } from "../../server/db/content-tables";
import { expectValidation } from "../support/content-api";
import { buyer, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";

// Mail delivery and retries take seconds, longer on a busy 2-core machine: no test here measures time.
vi.setConfig({ testTimeout: 120_000 });

/** POST /api/quotes, references, and the inbox's reads: filters, search, paging, notes, CSV export. */

let s: TestServer;
let token: string;
let items: Awaited<ReturnType<typeof seedProducts>>;
beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  token = await s.login();
  items = await seedProducts(s, ["PN-RS 15 Screw Compressor", "PN-AD 50 Air Dryer", "PN-RC 7 Piston Compressor"]);
});
afterAll(async () => {
  await s.close();
});

const quote = (list: { productId: string; quantity?: unknown }[], overrides: Record<string, unknown> = {}) =>
  s.request("POST", "/api/quotes", { json: buyer({ items: list, ...overrides }) });

describe("POST /api/quotes", () => {
  it("stores a quote with its items, sizing details and a Q reference, and answers 201 {message, data: {_id, reference}}", async () => {
    const res = await quote([
      { productId: items[0]!._id, quantity: 2 },
      { productId: items[1]!.slug, quantity: "3" },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      message: expect.any(String),
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), reference: expect.stringMatching(/^Q-\d{4}-\d{5}$/) },
    });
    const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
    expect(c).toMatchObject({
      type: "quote",
      reference: res.body.data.reference,
      name: "Ravi Kumar",
      email: "ravi@example.com",
      phone: "+91 98765 43210",
      company: "Kumar Textiles",
      message: "Please quote with delivery to Coimbatore.",
      status: "new",
      service: null,
      details: { flow: "250 cfm", pressure: "7.5 bar", hoursPerDay: 16, application: "Spinning mill" },
      notes: [],
      notification: { status: "off" },
      items: [
        { product: { _id: items[0]!._id, name: items[0]!.name, slug: items[0]!.slug, url: items[0]!.url }, quantity: 2 },
        { product: { _id: items[1]!._id, name: items[1]!.name, slug: items[1]!.slug, url: items[1]!.url }, quantity: 3 },
      ],
    });
    expect(c.subject).toBe(`Quote request: ${items[0]!.name}, ${items[1]!.name}`);
  });

  it("accepts a general quote without products, and a form-encoded one with repeated productId/quantity fields", async () => {
    const general = await s.request("POST", "/api/quotes", { json: { name: "Lakshmi", email: "l@example.com" } });
    expect(general.status, general.text).toBe(201);
    const c = (await s.request("GET", `/api/contacts/${general.body.data._id}`, { token })).body;
    expect(c).toMatchObject({ type: "quote", items: [], subject: "Quote request", details: { hoursPerDay: null } });

    const form = new URLSearchParams([
      ["name", "Selvam"],
      ["email", "selvam@example.com"],
      ["productId", items[0]!._id],
      ["quantity", "4"],
      ["productId", items[2]!._id],
      ["quantity", ""],
      ["hoursPerDay", "8"],
    ]);
    const res = await s.request("POST", "/api/quotes", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.text).toBe(201);
    const stored = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
    expect(stored.items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 1]);
    expect(stored.details.hoursPerDay).toBe(8);

    const multipart = new FormData();
    for (const [k, v] of form) multipart.append(k, v);
    const viaMultipart = await s.request("POST", "/api/quotes", { form: multipart });
    expect(viaMultipart.status, viaMultipart.text).toBe(201);
    const fromMultipart = (await s.request("GET", `/api/contacts/${viaMultipart.body.data._id}`, { token })).body;
    expect(fromMultipart.items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 1]);
  });

  it("adds up the same product listed twice", async () => {
    const res = await quote([
      { productId: items[0]!._id, quantity: 2 },
      { productId: items[0]!.slug, quantity: 5 },
    ]);
    const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
    expect(c.items).toHaveLength(1);
    expect(c.items[0].quantity).toBe(7);
  });

  it("refuses bad input with 400 and issues, naming the item, and stores nothing", async () => {
    const before = (await s.request("GET", "/api/contacts?type=quote", { token })).headers.get("x-total-count");
    const unknown = await quote([{ productId: items[0]!._id }, { productId: "no-such-model" }]);
    expectValidation(unknown, ["items.1.productId"]);
    expect(unknown.body.message).toBe('Item 2: there is no product "no-such-model".');
    for (const quantity of [0, 10_000, 1.5, -1, "two"]) {
      expectValidation(await quote([{ productId: items[0]!._id, quantity }]), ["items.0.quantity"]);
    }
    const tooMany = Array.from({ length: 21 }, () => ({ productId: items[0]!._id, quantity: 1 }));
    expectValidation(await quote(tooMany), ["items"]);
    expectValidation(await quote([], { email: "nope", name: "" }), ["email", "name"]);
    expectValidation(await quote([], { hoursPerDay: 25 }), ["hoursPerDay"]);
    expectValidation(await s.request("POST", "/api/quotes", { json: { ...buyer(), items: "not json" } }), ["items"]);
    const brokenJson = await s.request("POST", "/api/quotes", {
      body: new URLSearchParams({ name: "A", email: "a@example.com", items: "[{" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectValidation(brokenJson, ["items"]);
    expect((await s.request("GET", "/api/contacts?type=quote", { token })).headers.get("x-total-count")).toBe(before);
  });

  it("answers a bot (the honeypot filled) as if accepted and stores nothing", async () => {
    const before = (await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count");
    const res = await quote([{ productId: items[0]!._id }], { website: "http://spam.example" });
    expect(res.status).toBe(201);
    // An answer like a person's: a quote reference (the next one, which a real quote then still gets).
    expect(res.body.data.reference).toMatch(/^Q-\d{4}-\d{5}$/);
    const next = await quote([{ productId: items[0]!._id }]);
    expect(next.body.data.reference).toBe(res.body.data.reference);
    expect((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count")).toBe(String(Number(before) + 1));
  });

  it("still shows a product deleted later by the name it had", async () => {
    const [extra] = await seedProducts(s, ["PN-OLD 1 Discontinued"]);
    const res = await quote([{ productId: extra!._id, quantity: 1 }]);
    await s.ctx.db.delete(products).where(eq(products.id, extra!._id));
    const c = (await s.request("GET", `/api/contacts/${res.body.data._id}`, { token })).body;
    expect(c.items[0]).toEqual({
      product: { _id: extra!._id, name: "PN-OLD 1 Discontinued", slug: extra!.slug, url: null },
      quantity: 1,
    });
  });
});

describe("references", () => {
  it("count up within the year per kind, unique under concurrent submissions", async () => {
    const sends = Array.from({ length: 30 }, (_, i) =>
      i % 2
        ? quote([{ productId: items[0]!._id }])
        : s.request("POST", "/api/contacts", { json: { name: `N${i}`, email: "n@example.com", subject: "S", message: "M" } }),
    );
    const answers = await Promise.all(sends);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const refs: string[] = answers.map((a) => a.body.data.reference);
    expect(new Set(refs).size).toBe(30);
    for (const letter of ["M", "Q"]) {
      const numbers = refs
        .filter((r) => r.startsWith(letter))
        .map((r) => Number(r.split("-")[2]))
        .sort((a, b) => a - b);
      // Consecutive: no gaps and no repeats, whatever order the requests ran in.
      expect(numbers.at(-1)! - numbers[0]!).toBe(numbers.length - 1);
    }
    const year = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", year: "numeric" }).format(new Date());
    expect(refs[0]).toContain(`-${year}-`);
  });
});

describe("GET /api/contacts", () => {
  it("filters by type, searches on the server, pages, and gives the total in X-Total-Count", async () => {
    const all = await s.request("GET", "/api/contacts?limit=500", { token });
    const total = Number(all.headers.get("x-total-count"));
    expect(all.body).toHaveLength(total);
    const quotes = await s.request("GET", "/api/contacts?type=quote&limit=500", { token });
    expect(quotes.body.every((c: { type: string }) => c.type === "quote")).toBe(true);
    expect(Number(quotes.headers.get("x-total-count"))).toBe(quotes.body.length);
    const messages = await s.request("GET", "/api/contacts?type=message&limit=500", { token });
    expect(quotes.body.length + messages.body.length).toBe(total);

    const page1 = await s.request("GET", "/api/contacts?limit=5&page=1", { token });
    const page2 = await s.request("GET", "/api/contacts?limit=5&page=2", { token });
    expect(page1.body).toHaveLength(5);
    expect(page2.body.map((c: { _id: string }) => c._id)).toEqual(all.body.slice(5, 10).map((c: { _id: string }) => c._id));
    expect(page1.headers.get("x-total-count")).toBe(String(total));
    const dates = all.body.map((c: { date: string }) => Date.parse(c.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const ref = quotes.body[0].reference;
    const byRef = await s.request("GET", `/api/contacts?q=${encodeURIComponent(ref.toLowerCase())}`, { token });
    expect(byRef.body.map((c: { reference: string }) => c.reference)).toEqual([ref]);
    const byProduct = await s.request("GET", "/api/contacts?q=AIR%20DRYER", { token });
    expect(byProduct.body.length).toBeGreaterThan(0);
    expect(
      byProduct.body.every((c: { items: { product: { name: string } }[] }) =>
        c.items.some((i) => /Air Dryer/.test(i.product.name)),
      ),
    ).toBe(true);
    const byCompany = await s.request("GET", "/api/contacts?q=kumar%20textiles&type=quote", { token });
    expect(byCompany.body.length).toBeGreaterThan(0);
    const wildcard = await s.request("GET", "/api/contacts?q=%25", { token });
    expect(wildcard.body).toEqual([]);
    expect(wildcard.headers.get("x-total-count")).toBe("0");

    expect((await s.request("GET", "/api/contacts", { token })).body.length).toBeLessThanOrEqual(100);
    for (const bad of ["limit=501", "limit=0", "page=0", "type=order", "status=closed", "from=2026-13-01", "limit=abc"]) {
      expectValidation(await s.request("GET", `/api/contacts?${bad}`, { token }), []);
    }
  });

  it("adds notes with author and time", async () => {
    const id = (await quote([{ productId: items[0]!._id }])).body.data._id;
    const res = await s.request("POST", `/api/contacts/${id}/notes`, {
      token,
      json: { text: "Called back; sending a quote by Friday." },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.notes).toEqual([
      { _id: expect.any(String), text: "Called back; sending a quote by Friday.", author: "admin", date: expect.any(String) },
    ]);
    await s.request("POST", `/api/contacts/${id}/notes`, { token, json: { text: "Sent." } });
    const c = (await s.request("GET", `/api/contacts/${id}`, { token })).body;
    expect(c.notes.map((n: { text: string }) => n.text)).toEqual(["Called back; sending a quote by Friday.", "Sent."]);
    expectValidation(await s.request("POST", `/api/contacts/${id}/notes`, { token, json: { text: "  " } }), ["text"]);
    expect((await s.request("POST", `/api/contacts/${id}/notes`, { json: { text: "x" } })).status).toBe(401);
    expect((await s.request("POST", "/api/contacts/0123456789abcdef01234567/notes", { token, json: { text: "x" } })).status).toBe(
      404,
    );
  });

  it("counts the dashboard's figures in the database", async () => {
    const stats = (await s.request("GET", "/api/contacts/stats", { token })).body;
    const quotes = Number((await s.request("GET", "/api/contacts?type=quote", { token })).headers.get("x-total-count"));
    expect(stats.last30.quote).toBe(quotes);
    expect(stats.previous30).toEqual({ message: 0, quote: 0, service: 0 });
    expect(stats.topProducts[0].product).toMatchObject({ _id: items[0]!._id, name: items[0]!.name, url: items[0]!.url });
    expect(stats.topProducts[0].requests).toBeGreaterThan(stats.topProducts[1].requests - 1);
    expect(stats.customers).toBeGreaterThan(1);
    // The Customers tile counts the sales desk's customers, the list it links to (issue 45).
    const desk = await s.request("GET", "/api/customers?limit=1", { token });
    expect(stats.salesCustomers).toBe(Number(desk.headers.get("x-total-count")));
    expect(stats.mail).toEqual({ enabled: false });
    expect((await s.request("GET", "/api/contacts/stats")).status).toBe(401);
  });
});

describe("GET /api/contacts/customers", () => {
  it("groups enquiries by e-mail address (any case) on the server, latest first, paged", async () => {
    const email = `meena-${Date.now()}@example.com`;
    await s.request("POST", "/api/contacts", {
      json: { name: "Meena K", email, phone: "+91 98765 11111", subject: "S", message: "M" },
    });
    await s.request("POST", "/api/quotes", { json: { name: "Meena Krishnan", email: email.toUpperCase() } });
    const res = await s.request("GET", "/api/contacts/customers?limit=2", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toEqual({
      email: email.toUpperCase(),
      name: "Meena Krishnan",
      phone: "+91 98765 11111",
      messages: 2,
      lastDate: expect.any(String),
    });
    const total = Number(res.headers.get("x-total-count"));
    const stats = (await s.request("GET", "/api/contacts/stats", { token })).body;
    expect(total).toBe(stats.customers);
    const all = await s.request("GET", "/api/contacts/customers?limit=500", { token });
    expect(all.body).toHaveLength(total);
    expect((await s.request("GET", "/api/contacts/customers?page=2&limit=2", { token })).body[0]).toEqual(all.body[2]);
    expect((await s.request("GET", "/api/contacts/customers")).status).toBe(401);
    expectValidation(await s.request("GET", "/api/contacts/customers?limit=1000", { token }), ["limit"]);
  });
});

describe("GET /api/contacts/export.csv", () => {
  it("downloads every matching enquiry as UTF-8 CSV with a BOM, one row each, quote items in one column", async () => {
    const tamil = await quote([{ productId: items[0]!._id, quantity: 2 }, { productId: items[1]!._id }], {
      name: "முருகன் சுப்பிரமணியம்",
      company: '=HYPERLINK("http://evil.example")',
      message: 'Line one\nLine "two", with comma',
    });
    const hindi = await s.request("POST", "/api/contacts", {
      json: { name: "राजेश शर्मा", email: "rajesh@example.com", subject: "Service", message: "Please call" },
    });
    const res = await s.request("GET", "/api/contacts/export.csv", { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(
      await (await fetch(`${s.url}/api/contacts/export.csv`, { headers: { "x-auth-token": token } })).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: Record<string, string>[] = parse(res.text, { columns: true, bom: true });
    const total = Number((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count"));
    expect(rows).toHaveLength(total);
    const t = rows.find((r) => r.Reference === tamil.body.data.reference)!;
    expect(t).toMatchObject({
      Type: "Quote request",
      Name: "முருகன் சுப்பிரமணியம்",
      Company: '\'=HYPERLINK("http://evil.example")',
      Message: 'Line one\nLine "two", with comma',
      Products: `${items[0]!.name} × 2; ${items[1]!.name} × 1`,
      Phone: "+91 98765 43210",
      "Required air flow": "250 cfm",
    });
    expect(rows.find((r) => r.Reference === hindi.body.data.reference)?.Name).toBe("राजेश शर्मा");

    const onlyMessages: Record<string, string>[] = parse(
      (await s.request("GET", "/api/contacts/export.csv?type=message", { token })).text,
      { columns: true, bom: true },
    );
    expect(onlyMessages.length).toBeGreaterThan(0);
    expect(onlyMessages.every((r) => r.Type === "Message")).toBe(true);
    const searched: Record<string, string>[] = parse(
      (await s.request("GET", `/api/contacts/export.csv?q=${encodeURIComponent("முருகன்")}`, { token })).text,
      { columns: true, bom: true },
    );
    expect(searched.map((r) => r.Reference)).toEqual([tamil.body.data.reference]);
    const future: Record<string, string>[] = parse(
      (await s.request("GET", "/api/contacts/export.csv?from=2999-01-01", { token })).text,
      { columns: true, bom: true },
    );
    expect(future).toEqual([]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const todays: Record<string, string>[] = parse(
      (await s.request("GET", `/api/contacts/export.csv?from=${today}&to=${today}`, { token })).text,
      { columns: true, bom: true },
    );
    expect(todays).toHaveLength(total);
    expect((await s.request("GET", "/api/contacts/export.csv")).status).toBe(401);
  });
});

describe("the export's batches", () => {
  it("miss no enquiry whose time has microseconds (rows written by the database, e.g. before references existed)", async () => {
    // Seven rows within one millisecond, different microseconds: a millisecond key would skip some.
    await queryRows(
      s.ctx.db,
      sql`INSERT INTO contacts (id, reference, name, email, subject, message, created_at)
          SELECT lpad(to_hex(4000 + g), 24, '0'), 'M-1999-' || lpad(g::text, 5, '0'), 'Micro ' || g, 'micro@example.com', 'S', 'M',
            timestamptz '1999-06-01 10:00:00.123' + g * interval '1 microsecond'
          FROM generate_series(1, 7) g RETURNING id`,
    );
    const all = (await s.request("GET", "/api/contacts?limit=500", { token })).body.map((c: { _id: string }) => c._id);
    const exported: string[] = [];
    for await (const batch of contactBatches(s.ctx.db, {}, 2)) exported.push(...batch.map((c) => c._id));
    expect(exported).toEqual(all);
    const micro: string[] = [];
    for await (const batch of contactBatches(s.ctx.db, { from: "1999-06-01", to: "1999-06-01" }, 3))
      micro.push(...batch.map((c) => c.name));
    expect(micro).toEqual(["Micro 7", "Micro 6", "Micro 5", "Micro 4", "Micro 3", "Micro 2", "Micro 1"]);
  });
});

describe("rate limits under load", () => {
  it("stores no more than the limit allows from 100 parallel submissions of one client", async () => {
    const limited = await startTestServer({ RATE_LIMITS: "on" });
    try {
      const [product] = await seedProducts(limited, ["PN-RS 22"]);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          i % 2
            ? limited.request("POST", "/api/quotes", { json: buyer({ items: [{ productId: product!._id }] }) })
            : limited.request("POST", "/api/contacts", {
                json: { name: "N", email: "n@example.com", subject: "S", message: "M" },
              }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((st) => st === 201)).toHaveLength(20);
      expect(statuses.filter((st) => st === 429)).toHaveLength(80);
      const t = await limited.login();
      expect((await limited.request("GET", "/api/contacts", { token: t })).headers.get("x-total-count")).toBe("20");
    } finally {
      await limited.close();
    }
  });

  it("counts IPv6 clients by /64", async () => {
    const limited = await startTestServer({ RATE_LIMITS: "on", TRUST_PROXY: "loopback" });
    try {
      const send = (ip: string) =>
        limited.request("POST", "/api/contacts", {
          json: { name: "N", email: "n@example.com", subject: "S", message: "M" },
          headers: { "x-forwarded-for": ip },
        });
      for (let i = 0; i < 20; i++) expect((await send(`2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(201);
      expect((await send("2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
      expect((await send("2001:db8:1:3::1")).status).toBe(201); // another /64
      expect((await send("198.51.100.20")).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
