import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client";
import { storageOf } from "../../server/db/content-tables";
import { type Faq, faqContent } from "../../shared/content/faq";
import { CONTENT, LIST_CONTENT } from "../../shared/content/registry";
import { expectError, expectValidation, ID } from "../support/content-api";
import { CONTENT_TABLES, textFieldNames } from "../support/declarations";
import { formOf } from "../support/images";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Every declared content type (shared/content/registry.ts) works as declared, generated from the
 * declarations: its table has the content cache's trigger, and each list type's API takes its example
 * record through create, read, update and delete with the declared texts. A new type is tested here
 * without being named; one without its trigger fails here. Then what only the FAQ does.
 */

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});

afterAll(async () => {
  await s?.close();
});

async function contentVersion(): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(s.ctx.db, sql`SELECT version FROM content_version WHERE id = 1`);
  return Number(row?.version);
}

describe("declarations", () => {
  it("name distinct API paths, admin screens and tables, and each list type's example is a valid input", () => {
    const paths = CONTENT.map((c) => c.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    const screens = LIST_CONTENT.map((c) => c.admin.path);
    expect(new Set(screens).size).toBe(screens.length);
    expect(new Set(CONTENT_TABLES).size).toBe(CONTENT.flatMap((c) => storageOf(c).tables).length);
    for (const c of LIST_CONTENT) {
      const parsed = c.input.safeParse(c.example);
      expect(parsed.success, `${c.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });
});

describe("content cache triggers", () => {
  interface Trigger {
    table: string;
    name: string;
    fn: string;
    type: number;
    deferrable: boolean;
    deferred: boolean;
  }
  const triggers = () =>
    queryRows<Trigger>(
      s.ctx.db,
      sql`SELECT c.relname AS "table", t.tgname AS "name", p.proname AS "fn", t.tgtype::int AS "type",
                 t.tgdeferrable AS "deferrable", t.tginitdeferred AS "deferred"
          FROM pg_trigger t
          JOIN pg_class c ON c.oid = t.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE n.nspname = 'public' AND NOT t.tgisinternal`,
    );

  it("every table of every declared type has <table>_content_changed: deferred, per row, on insert, update and delete", async () => {
    const all = await triggers();
    expect(CONTENT_TABLES).toContain("site_settings");
    expect(CONTENT_TABLES).toContain("faqs");
    for (const table of CONTENT_TABLES) {
      const trigger = all.find((t) => t.table === table && t.name === `${table}_content_changed`);
      expect(trigger, `${table} has no ${table}_content_changed trigger (npm run db:generate adds it)`).toBeDefined();
      expect(trigger).toMatchObject({ fn: "pneuma_content_changed", deferrable: true, deferred: true });
      // tgtype bits: 1 row-level, 4 insert, 8 delete, 16 update
      expect(trigger!.type & (1 | 4 | 8 | 16), table).toBe(1 | 4 | 8 | 16);
    }
  });

  it("no table has a content trigger without being declared as content", async () => {
    const strays = (await triggers())
      .filter((t) => t.name.endsWith("_content_changed") || t.fn === "pneuma_content_changed")
      .filter((t) => !CONTENT_TABLES.includes(t.table) || t.name !== `${t.table}_content_changed`)
      .map((t) => `${t.name} on ${t.table}`);
    expect(strays).toEqual([]);
  });

  it("each custom type answers its public GET", async () => {
    for (const c of CONTENT.filter((x) => x.kind === "custom")) {
      const res = await s.request("GET", `/api${c.path}`);
      expect(res.status, `${c.name}: ${res.text}`).toBe(200);
    }
  });
});

describe.each(LIST_CONTENT.map((c) => [c.name, c] as const))("%s, from its declaration", (_name, c) => {
  const path = `/api${c.path}`;
  const field = textFieldNames(c)[0]!;

  it("has a text field to change", () => {
    expect(field, `${c.name}'s admin form names no text field of its example`).toBeDefined();
  });

  it("create, list, read, partial update, refused writes without a token, delete, then 404", async () => {
    // A read first, so the list is in the content cache: the new record must show all the same.
    const before = await s.request("GET", path);
    expect(before.status).toBe(200);
    expect(Array.isArray(before.body)).toBe(true);
    const version = await contentVersion();

    const created = await s.request("POST", path, { json: c.example, token });
    expect(created.status, created.text).toBe(201);
    expect(created.body._id).toMatch(ID);
    for (const [k, v] of Object.entries(c.example)) expect(created.body[k], k).toEqual(v);
    expect(created.body[c.sortField]).toBe(0);
    expect(await contentVersion()).toBeGreaterThan(version);
    const id = created.body._id as string;

    const list = await s.request("GET", path);
    expect(list.body).toContainEqual(created.body);
    const one = await s.request("GET", `${path}/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);

    const changed = `${c.example[field]} (changed)`;
    const put = await s.request("PUT", `${path}/${id}`, { json: { [field]: changed }, token });
    expect(put.status, put.text).toBe(200);
    expect(put.body[field]).toBe(changed);
    for (const [k, v] of Object.entries(created.body)) if (k !== field && k !== "updatedAt") expect(put.body[k], k).toEqual(v);
    expect((await s.request("GET", `${path}/${id}`)).body).toEqual(put.body);
    expect((await s.request("GET", path)).body).toContainEqual(put.body);

    const listed = (await s.request("GET", path)).body;
    for (const auth of [{}, { token: "garbage-token" }]) {
      expectError(await s.request("POST", path, { json: c.example, ...auth }), 401);
      expectError(await s.request("PUT", `${path}/${id}`, { json: { [field]: "hacked" }, ...auth }), 401);
      expectError(await s.request("DELETE", `${path}/${id}`, auth), 401);
    }
    expect((await s.request("GET", path)).body).toEqual(listed);
    expect((await s.request("GET", `${path}/${id}`)).body).toEqual(put.body);

    const removed = await s.request("DELETE", `${path}/${id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: `${c.label} deleted successfully.` });
    const gone = await s.request("GET", `${path}/${id}`);
    expectError(gone, 404);
    expect(gone.body.message).toBe(`${c.label} not found.`);
    expect((await s.request("GET", path)).body).toEqual(before.body);
  });
});

describe("FAQ", () => {
  const path = "/api/faq";
  const ask = async (question: string, position?: number) => {
    const res = await s.request("POST", path, { json: { question, answer: `Answer to ${question}`, position }, token });
    expect(res.status, res.text).toBe(201);
    return res.body as Faq;
  };
  const ids = async () => ((await s.request("GET", path)).body as { _id: string }[]).map((q) => q._id);

  it("is declared at /faq as Question", () => {
    expect(faqContent.path).toBe("/faq");
    expect(faqContent.label).toBe("Question");
    expect(LIST_CONTENT).toContain(faqContent);
  });

  it("public GET is a plain array in the staff order: position, then newest first", async () => {
    const two = await ask("Second of three?", 2);
    const zero = await ask("First of three?", 0);
    const one = await ask("Middle of three?", 1);
    const res = await s.request("GET", path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Array.isArray(res.body)).toBe(true);
    const mine = [two._id, zero._id, one._id];
    expect((await ids()).filter((id) => mine.includes(id))).toEqual([zero._id, one._id, two._id]);
    const newer = await ask("Also in the middle?", 1);
    mine.push(newer._id);
    expect((await ids()).filter((id) => mine.includes(id))).toEqual([zero._id, newer._id, one._id, two._id]);
    expect(res.body.find((q: { _id: string }) => q._id === zero._id)).toEqual({
      _id: zero._id,
      question: "First of three?",
      answer: "Answer to First of three?",
      position: 0,
      createdAt: zero.createdAt,
      updatedAt: zero.updatedAt,
    });
    for (const id of mine) expect((await s.request("DELETE", `${path}/${id}`, { token })).status).toBe(200);
  });

  it("takes multipart and URL-encoded forms too", async () => {
    const multipart = await s.request("POST", path, {
      form: formOf({ question: "Sent as a form?", answer: "Yes.", position: "3" }),
      token,
    });
    expect(multipart.status, multipart.text).toBe(201);
    expect(multipart.body).toMatchObject({ question: "Sent as a form?", answer: "Yes.", position: 3 });
    const encoded = await s.request("POST", path, {
      body: new URLSearchParams({ question: "URL-encoded?", answer: "Also.", position: "4" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      token,
    });
    expect(encoded.status, encoded.text).toBe(201);
    expect(encoded.body).toMatchObject({ question: "URL-encoded?", answer: "Also.", position: 4 });
    const put = await s.request("PUT", `${path}/${multipart.body._id}`, { form: formOf({ answer: "Yes, really." }), token });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ question: "Sent as a form?", answer: "Yes, really.", position: 3 });
  });

  it('without a question → 400 "Question is required.", and nothing is stored', async () => {
    const before = (await s.request("GET", path)).body;
    const bodies = [
      { json: { answer: "An answer without a question." } },
      { json: { question: "   ", answer: "Blank question." } },
      { form: formOf({ answer: "Form without a question." }) },
    ];
    for (const body of bodies) {
      const res = await s.request("POST", path, { ...body, token });
      expectValidation(res, ["question"]);
      expect(res.body.message).toBe("Question is required.");
      expect(res.body.issues).toContainEqual({ path: "question", message: "Question is required." });
    }
    expectValidation(await s.request("POST", path, { json: { question: "No answer?" }, token }), ["answer"]);
    expect((await s.request("GET", path)).body).toEqual(before);
  });

  it("PUT of only the position keeps question and answer", async () => {
    const q = await ask("Does reordering keep the text?", 5);
    const res = await s.request("PUT", `${path}/${q._id}`, { json: { position: 0 }, token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ _id: q._id, question: q.question, answer: q.answer, position: 0 });
    expect((await s.request("GET", `${path}/${q._id}`)).body).toEqual(res.body);
    // …and emptying the question on update is refused, the record unchanged
    expectValidation(await s.request("PUT", `${path}/${q._id}`, { json: { question: "" }, token }), ["question"]);
    expect((await s.request("GET", `${path}/${q._id}`)).body).toEqual(res.body);
  });

  it('an unknown id → 404 "Question not found." on GET, PUT and DELETE', async () => {
    const unknown = "0123456789abcdef01234567";
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { question: "x" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await s.request(method, `${path}/${unknown}`, { json: body, token });
      expectError(res, 404);
      expect(res.body.message).toBe("Question not found.");
    }
  });
});

describe("cached reads", () => {
  it("keep a record whose slug is 'list' apart from the list it is in", async () => {
    const created = await s.request("POST", "/api/service", {
      json: { title: "Listing service", slug: "list", description: "d", details: "x", image: "https://example.com/l.jpg" },
      token,
    });
    expect(created.status).toBe(201);
    try {
      const list = await s.request("GET", "/api/service");
      expect(Array.isArray(list.body)).toBe(true);
      const one = await s.request("GET", "/api/service/list");
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ _id: created.body._id, slug: "list", title: "Listing service" });
    } finally {
      await s.request("DELETE", `/api/service/${created.body._id}`, { token });
    }
  });
});
