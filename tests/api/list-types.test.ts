import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_CONTENT } from "../../shared/content/registry";
import { BAD_IDS, expectError, expectValidation, ID, png, serverHelpers, UPLOAD_URL } from "../support/content-api";
import { requiredFields, textFieldNames, typedFields } from "../support/declarations";
import { formOf } from "../support/images";
import { startTestServer, type TestResponse, type TestServer } from "../support/server";

/**
 * SPEC §7 for the list types: every list type declared in shared/content/registry.ts
 * (banner, industrial, testimonial, story, facilities, our-team, core-values, service, faq …). The shared
 * contract is checked for each of them in one table-driven suite generated from the declarations; what only
 * one list type does has its own describe block further down.
 */

let s: TestServer;
let token: string;
const { uploads, filesOf, expectFilesExist, expectNotFoundEverywhere, forgetHistory } = serverHelpers(() => ({ s, token }));

beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});

afterAll(async () => {
  await s?.close();
});

// ---------------------------------------------------------------------------------------------------
// helpers

function expectRecordBase(r: Record<string, unknown>): void {
  expect(r._id).toMatch(ID);
  for (const k of ["createdAt", "updatedAt"] as const) {
    expect(typeof r[k]).toBe("string");
    expect(new Date(r[k] as string).toISOString()).toBe(r[k]);
  }
}

// ---------------------------------------------------------------------------------------------------
// the shared contract

interface ResourceCase {
  /** The declaration's name ("team-member"). */
  name: string;
  path: string;
  /** "Banner": "Banner not found.", "Banner deleted successfully." */
  label: string;
  /** Valid text fields of a new record; `tag` makes them distinct. */
  sample(tag: string): Record<string, string>;
  /** A text field that a partial update changes. */
  editField: string;
  /** The staff ordering field (team members call it sortOrder, their `position` is the job title). */
  orderField: string;
  /** Text fields whose absence is a validation error. */
  required: string[];
  /** The multipart file field, and the message when a new record has no image (absent = optional). */
  image?: { field: string; requiredMessage?: string };
  slug?: boolean;
}

/**
 * One case per list type, from its declaration (shared/content/registry.ts): the example's typed fields
 * (tagged where they are free text), the last of them as the field a partial update changes, the fields
 * the input schema requires, the first upload field and the image message.
 */
const CASES: ResourceCase[] = LIST_CONTENT.map((c) => {
  const texts = textFieldNames(c);
  return {
    name: c.name,
    path: `/api${c.path}`,
    label: c.label,
    sample: (t) => Object.fromEntries(Object.entries(typedFields(c)).map(([k, v]) => [k, texts.includes(k) ? `${v} ${t}` : v])),
    editField: texts[texts.length - 1]!,
    orderField: c.sortField,
    required: requiredFields(c),
    image: c.image && { field: c.image.uploadFields[0]!, requiredMessage: c.image.requiredOnCreate },
    slug: Boolean(c.slugSource),
  };
});

let counter = 0;
const tag = () => `${++counter}`;

async function createVia(c: ResourceCase, fields: Record<string, unknown>, file?: File): Promise<TestResponse> {
  const files = c.image && file ? { [c.image.field]: file } : {};
  return s.request("POST", c.path, { form: formOf(fields, files), token });
}

async function createOk(c: ResourceCase, extra: Record<string, unknown> = {}, file?: File) {
  const res = await createVia(c, { ...c.sample(tag()), ...extra }, file ?? (c.image ? await png() : undefined));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function list(c: ResourceCase) {
  const res = await s.request("GET", c.path);
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body as Record<string, unknown>[];
}

describe.each(CASES)("$path", (c) => {
  it("GET list is a public plain JSON array", async () => {
    const res = await s.request("GET", c.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it("POST creates a record (201) with _id, dates and the sent fields; GET /{id} returns the bare object", async () => {
    const fields = c.sample(tag());
    const res = await createVia(c, fields, c.image ? await png() : undefined);
    expect(res.status, res.text).toBe(201);
    const created = res.body;
    expectRecordBase(created);
    for (const [k, v] of Object.entries(fields)) expect(created[k], k).toBe(v);
    expect(created[c.orderField]).toBe(0);
    if (c.image) {
      expect(created.image).toMatch(UPLOAD_URL);
      expectFilesExist(created.image, true);
      const file = await s.request("GET", created.image);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
    }
    if (c.slug) expect(created.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const one = await s.request("GET", `${c.path}/${created._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created);
    expect((await list(c)).map((r) => r._id)).toContain(created._id);
  });

  it("accepts a JSON body as well as multipart", async () => {
    const fields = { ...c.sample(tag()), ...(c.image ? { image: "https://example.com/pic.jpg" } : {}) };
    const res = await s.request("POST", c.path, { json: fields, token });
    expect(res.status, res.text).toBe(201);
    for (const [k, v] of Object.entries(fields)) expect(res.body[k], k).toBe(v);
  });

  it("ignores unknown fields", async () => {
    const created = await createOk(c, { color: "purple", _id: "ffffffffffffffffffffffff" });
    expect(created.color).toBeUndefined();
    expect(created._id).not.toBe("ffffffffffffffffffffffff");
  });

  it("orders the list by position, then newest first", async () => {
    const a = await createOk(c, { [c.orderField]: "2" });
    const b = await createOk(c, { [c.orderField]: "0" });
    const d = await createOk(c, { [c.orderField]: "1" });
    const e = await createOk(c, { [c.orderField]: "1" }); // same position as d, newer
    const ids = [a._id, b._id, d._id, e._id];
    const order = (await list(c)).map((r) => r._id).filter((id) => ids.includes(id));
    expect(order).toEqual([b._id, e._id, d._id, a._id]);
  });

  it("PUT updates only the fields that are sent (partial update) and keeps the image", async () => {
    const created = await createOk(c, { [c.orderField]: "7" });
    const res = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ [c.editField]: "Changed text" }), token });
    expect(res.status, res.text).toBe(200);
    expect(res.body[c.editField]).toBe("Changed text");
    for (const [k, v] of Object.entries(created)) {
      if (k === c.editField || k === "updatedAt") continue;
      expect(res.body[k], k).toEqual(v);
    }
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const one = await s.request("GET", `${c.path}/${created._id}`);
    expect(one.body).toEqual(res.body);
  });

  it("PUT with a JSON body works too", async () => {
    const created = await createOk(c);
    const res = await s.request("PUT", `${c.path}/${created._id}`, { json: { [c.editField]: "From JSON" }, token });
    expect(res.status, res.text).toBe(200);
    expect(res.body[c.editField]).toBe("From JSON");
  });

  it("DELETE answers 200 {message}; afterwards GET /{id} is 404 and the record is gone from the list", async () => {
    const created = await createOk(c);
    const res = await s.request("DELETE", `${c.path}/${created._id}`, { token });
    expect(res.status).toBe(200);
    expect(typeof res.body.message).toBe("string");
    expect(res.body.message).toBe(`${c.label} deleted successfully.`);
    const gone = await s.request("GET", `${c.path}/${created._id}`);
    expectError(gone, 404);
    expect(gone.body.message).toBe(`${c.label} not found.`);
    expect((await list(c)).map((r) => r._id)).not.toContain(created._id);
    expectError(await s.request("DELETE", `${c.path}/${created._id}`, { token }), 404);
  });

  it.each(BAD_IDS)("%s id → 404 JSON on GET, PUT and DELETE", async (_label, id) => {
    const before = await list(c);
    await expectNotFoundEverywhere(`${c.path}/${id}`, c.sample("x"));
    expect(await list(c)).toEqual(before);
  });

  it("writes without a token or with a garbage token → 401 JSON, and nothing changes", async () => {
    const created = await createOk(c);
    const before = await list(c);
    const files = uploads();
    for (const auth of [{}, { token: "garbage-token" }, { headers: { authorization: "Bearer nope" } }]) {
      const post = await s.request("POST", c.path, {
        form: formOf(c.sample(tag()), c.image ? { [c.image.field]: await png() } : {}),
        ...auth,
      });
      expectError(post, 401);
      expectError(await s.request("PUT", `${c.path}/${created._id}`, { json: { [c.editField]: "hacked" }, ...auth }), 401);
      expectError(await s.request("DELETE", `${c.path}/${created._id}`, auth), 401);
    }
    expect(await list(c)).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  if (c.required.length > 0) {
    it(`without ${c.required.join(", ")} → 400 with issues, nothing stored`, async () => {
      const before = await list(c);
      const files = uploads();
      const fields = c.sample(tag());
      for (const r of c.required) delete fields[r];
      const res = await createVia(c, fields, c.image ? await png() : undefined);
      expectValidation(res, c.required);
      // blank text counts as missing, too
      const blank = await createVia(c, { ...c.sample(tag()), [c.required[0]!]: "   " }, c.image ? await png() : undefined);
      expectValidation(blank, [c.required[0]!]);
      expect(await list(c)).toEqual(before);
      expect(uploads()).toEqual(files);
    });
  }

  it("a required text emptied on update → 400 and the record is unchanged", async () => {
    const created = await createOk(c);
    const field = c.required[0] ?? c.orderField;
    const value = c.required[0] ? "" : "-1";
    const res = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ [field]: value }), token });
    expectValidation(res, [field]);
    expect((await s.request("GET", `${c.path}/${created._id}`)).body).toEqual(created);
  });

  it("wrong types → 400, never 500", async () => {
    const before = await list(c);
    const cases: Record<string, unknown>[] = [
      { ...c.sample(tag()), [c.editField]: 123 },
      { ...c.sample(tag()), [c.orderField]: "abc" },
      { ...c.sample(tag()), [c.orderField]: -1 },
    ];
    for (const body of cases) {
      const res = await s.request("POST", c.path, { json: body, token });
      expectError(res, 400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expectError(await s.request("POST", c.path, { json: [1, 2], token }), 400);
    expectError(
      await s.request("POST", c.path, { body: "{not json", headers: { "content-type": "application/json" }, token }),
      400,
    );
    expect(await list(c)).toEqual(before);
  });

  if (c.image?.requiredMessage) {
    const message = c.image.requiredMessage;
    it(`create without an image → 400 "${message}", nothing stored`, async () => {
      const before = await list(c);
      const files = uploads();
      const res = await createVia(c, c.sample(tag()));
      expectValidation(res, ["image"]);
      expect(res.body.message).toBe(message);
      const empty = await createVia(c, { ...c.sample(tag()), image: "" });
      expectError(empty, 400);
      expect(empty.body.message).toBe(message);
      expect(await list(c)).toEqual(before);
      expect(uploads()).toEqual(files);
    });
  }

  if (c.image) {
    const field = c.image.field;

    it("a file that is not an image is refused and nothing is stored", async () => {
      const before = await list(c);
      const files = uploads();
      const res = await createVia(c, c.sample(tag()), new File(["hello, not a picture"], "x.png", { type: "image/png" }));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectError(res, res.status);
      expect(await list(c)).toEqual(before);
      expect(uploads()).toEqual(files);
    });

    it("an empty image field on update keeps the current image", async () => {
      const created = await createOk(c);
      const res = await s.request("PUT", `${c.path}/${created._id}`, {
        form: formOf({ image: "", [c.editField]: "Still has its picture" }),
        token,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.image).toBe(created.image);
      expectFilesExist(created.image, true);
    });

    it("replacing the image keeps the old file while a version uses it, then deletes it and its narrower copies", async () => {
      const created = await createOk(c, {}, await png(700, 80));
      const old = created.image as string;
      expect(filesOf(old).length).toBe(3); // 700 wide: the largest copy plus 320 and 640
      expectFilesExist(old, true);
      const res = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({}, { [field]: await png(90, 60) }), token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.image).toMatch(UPLOAD_URL);
      expect(res.body.image).not.toBe(old);
      expectFilesExist(old, true); // the first version uses it: restoring that version brings it back
      await forgetHistory();
      expectFilesExist(old, false);
      expectFilesExist(res.body.image, true);
      expect((await s.request("GET", old)).status).toBe(404);
      // every other field is kept
      for (const k of Object.keys(c.sample("x"))) expect(res.body[k], k).toBe(created[k]);
    });

    it("deleting a record keeps its image files while it is in the trash, and deletes them with it", async () => {
      const created = await createOk(c, {}, await png(400, 50));
      expectFilesExist(created.image, true);
      const res = await s.request("DELETE", `${c.path}/${created._id}`, { token });
      expect(res.status).toBe(200);
      expectFilesExist(created.image, true);
      await forgetHistory();
      expectFilesExist(created.image, false);
    });

    it("a failed update (validation error) keeps the old image and stores no new file", async () => {
      const created = await createOk(c);
      const files = uploads();
      const res = await s.request("PUT", `${c.path}/${created._id}`, {
        form: formOf({ [c.orderField]: "not a number" }, { [field]: await png() }),
        token,
      });
      expectValidation(res, [c.orderField]);
      expect(uploads()).toEqual(files);
      expect((await s.request("GET", `${c.path}/${created._id}`)).body).toEqual(created);
    });
  }
});

// ---------------------------------------------------------------------------------------------------
// what only one list type does

describe("banner and industrial", () => {
  it("title and description are optional; an image is enough (described, decorative, or by an older client decorative)", async () => {
    for (const p of ["/api/banner", "/api/industrial"]) {
      const res = await s.request("POST", p, { form: formOf({ imageAlt: "A plant room" }, { image: await png() }), token });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ title: "", description: "", position: 0, imageAlt: "A plant room" });
      expect(res.body.image).toMatch(UPLOAD_URL);
      const decorative = await s.request("POST", p, { form: formOf({ imageDecorative: "true" }, { image: await png() }), token });
      expect(decorative.status, decorative.text).toBe(201);
      // An older client's image without a title or alt text: nothing describes it, so it is decorative (issue 31).
      const bare = await s.request("POST", p, { form: formOf({}, { image: await png() }), token });
      expect(bare.status, bare.text).toBe(201);
      expect(bare.body).toMatchObject({ imageAlt: "", imageDecorative: true });
      // Said outright, an empty alt text without the decorative mark is refused.
      const empty = await s.request("POST", p, { form: formOf({ imageAlt: "" }, { image: await png() }), token });
      expectValidation(empty, ["imageAlt"]);
    }
  });
});

describe("testimonial", () => {
  const c = CASES.find((x) => x.path === "/api/testimonial")!;

  it("is reachable as /api/Testimonial (paths are case-insensitive)", async () => {
    const lower = await s.request("GET", "/api/testimonial");
    const upper = await s.request("GET", "/api/Testimonial");
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    const created = await s.request("POST", "/api/Testimonial", {
      form: formOf(c.sample(tag()), { image: await png() }),
      token,
    });
    expect(created.status, created.text).toBe(201);
    const one = await s.request("GET", `/api/TESTIMONIAL/${created.body._id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);
  });

  it('star is returned as a numeric string ("5"), null when not set', async () => {
    const rated = await createOk(c, { star: "4" });
    expect(rated.star).toBe("4");
    const unrated = await createOk(c, { star: undefined });
    expect(unrated.star).toBeNull();
    expect((await s.request("GET", `${c.path}/${unrated._id}`)).body.star).toBeNull();
    expect((await list(c)).find((t) => t._id === unrated._id)?.star).toBeNull();
    const fromJson = await s.request("POST", c.path, {
      json: { ...c.sample(tag()), star: 3, image: "https://example.com/a.jpg" },
      token,
    });
    expect(fromJson.status).toBe(201);
    expect(fromJson.body.star).toBe("3");
    const cleared = await s.request("PUT", `${c.path}/${rated._id}`, { form: formOf({ star: "" }), token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.star).toBeNull();
    const clearedByJson = await s.request("PUT", `${c.path}/${fromJson.body._id}`, { json: { star: null }, token });
    expect(clearedByJson.status).toBe(200);
    expect(clearedByJson.body.star).toBeNull();
    const rerated = await s.request("PUT", `${c.path}/${fromJson.body._id}`, { json: { star: 3 }, token });
    expect(rerated.body.star).toBe("3");
    // a partial update that does not mention star keeps it
    const kept = await s.request("PUT", `${c.path}/${fromJson.body._id}`, { form: formOf({ name: "Renamed" }), token });
    expect(kept.body.star).toBe("3");
  });

  it.each(["7", "0", "-1", "4.5", "abc"])("star %s → 400, nothing stored", async (star) => {
    const before = await list(c);
    const res = await createVia(c, { ...c.sample(tag()), star }, await png());
    expectValidation(res, ["star"]);
    expect(await list(c)).toEqual(before);
  });

  it("star 7 on update → 400 and the star is unchanged", async () => {
    const created = await createOk(c, { star: "5" });
    expectValidation(await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ star: "7" }), token }), ["star"]);
    expect((await s.request("GET", `${c.path}/${created._id}`)).body.star).toBe("5");
  });

  it("image may be an absolute URL text, stored as is (no file)", async () => {
    const files = uploads();
    const res = await createVia(c, { ...c.sample(tag()), image: "https://example.com/a.jpg" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.image).toBe("https://example.com/a.jpg");
    expect(uploads()).toEqual(files);
    // replacing it by an upload leaves no trouble; replacing an upload by a URL deletes the upload
    const withFile = await s.request("PUT", `${c.path}/${res.body._id}`, { form: formOf({}, { image: await png() }), token });
    expect(withFile.status).toBe(200);
    expect(withFile.body.image).toMatch(UPLOAD_URL);
    const back = await s.request("PUT", `${c.path}/${res.body._id}`, {
      form: formOf({ image: "https://example.com/b.jpg" }),
      token,
    });
    expect(back.status).toBe(200);
    expect(back.body.image).toBe("https://example.com/b.jpg");
    await forgetHistory();
    expectFilesExist(withFile.body.image, false);
  });

  it("an image text that is neither an upload nor an http(s) URL → 400", async () => {
    const before = await list(c);
    for (const image of ["javascript:alert(1)", "ftp://example.com/a.jpg", "not a url"]) {
      expectValidation(await createVia(c, { ...c.sample(tag()), image }), ["image"]);
    }
    expect(await list(c)).toEqual(before);
  });
});

describe("story", () => {
  const c = CASES.find((x) => x.path === "/api/story")!;

  it("the image is optional", async () => {
    const res = await createVia(c, c.sample(tag()));
    expect(res.status, res.text).toBe(201);
    expect(res.body.image).toBe("");
  });

  it('without title and content → 400 naming both; JSON {"title": 123} → 400', async () => {
    const before = await list(c);
    expectValidation(await createVia(c, {}), ["title", "content"]);
    expectValidation(await s.request("POST", c.path, { json: { title: 123, content: "x" }, token }), ["title"]);
    expectValidation(await s.request("POST", c.path, { json: { title: "x", content: ["a"] }, token }), ["content"]);
    expect(await list(c)).toEqual(before);
  });

  it("a NUL character in a text field → 400, never 500", async () => {
    const before = await list(c);
    const res = await s.request("POST", c.path, { json: { title: "a\u0000b", content: "text" }, token });
    expectError(res, 400);
    const form = await createVia(c, { title: "Fine", content: "bad \u0000 byte" });
    expectError(form, 400);
    expect(await list(c)).toEqual(before);
  });

  it('update with JSON {"title": 123} → 400 and nothing changes', async () => {
    const created = await createOk(c);
    expectValidation(await s.request("PUT", `${c.path}/${created._id}`, { json: { title: 123 }, token }), ["title"]);
    expect((await s.request("GET", `${c.path}/${created._id}`)).body).toEqual(created);
  });
});

describe("facilities", () => {
  const c = CASES.find((x) => x.path === "/api/facilities")!;

  it("features arrive as JSON text of a list of strings", async () => {
    const created = await createOk(c, { features: JSON.stringify(["CNC machining", "Test bench"]) });
    expect(created.features).toEqual(["CNC machining", "Test bench"]);
    const withoutFeatures = await createOk(c);
    expect(withoutFeatures.features).toEqual([]);
    const updated = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ features: ["Paint shop"] }), token });
    expect(updated.status).toBe(200);
    expect(updated.body.features).toEqual(["Paint shop"]);
    // not sending features keeps them
    const kept = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ title: "Renamed" }), token });
    expect(kept.body.features).toEqual(["Paint shop"]);
  });

  it("features are trimmed, without blanks or duplicates", async () => {
    const created = await createOk(c, { features: JSON.stringify([" Lathe ", "", "Lathe", "Mill"]) });
    expect(created.features).toEqual(["Lathe", "Mill"]);
  });

  it('bad JSON text in "features" → 400 naming the field; nothing stored', async () => {
    const before = await list(c);
    const files = uploads();
    const res = await createVia(c, { ...c.sample(tag()), features: "[not json" }, await png());
    expectError(res, 400);
    expect(res.body.message).toContain("features");
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain("features");
    expectValidation(await createVia(c, { ...c.sample(tag()), features: '{"a":1}' }, await png()), ["features"]);
    expectValidation(await createVia(c, { ...c.sample(tag()), features: "[1,2]" }, await png()), ["features.0"]);
    expect(await list(c)).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("without a title → 400", async () => {
    expectValidation(await createVia(c, { description: "no title" }, await png()), ["title"]);
  });
});

describe("our-team", () => {
  const c = CASES.find((x) => x.path === "/api/our-team")!;

  it("position is the job title (text); sortOrder is the staff ordering", async () => {
    const created = await createOk(c, { position: "Managing Director", sortOrder: "3" });
    expect(created.position).toBe("Managing Director");
    expect(created.sortOrder).toBe(3);
    const updated = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ sortOrder: "1" }), token });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ position: "Managing Director", sortOrder: 1 });
    const renamed = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ position: "Chairman" }), token });
    expect(renamed.body).toMatchObject({ position: "Chairman", sortOrder: 1 });
  });

  it("without name and position → 400 naming both", async () => {
    expectValidation(await createVia(c, { description: "anonymous" }, await png()), ["name", "position"]);
  });
});

describe("core-values", () => {
  const c = CASES.find((x) => x.path === "/api/core-values")!;

  it("takes an icon from the known list; an unknown icon → 400", async () => {
    const created = await createOk(c, { icon: "leaf" });
    expect(created.icon).toBe("leaf");
    expect((await createOk(c)).icon).toBe("");
    const before = await list(c);
    expectValidation(await createVia(c, { ...c.sample(tag()), icon: "skull" }), ["icon"]);
    expect(await list(c)).toEqual(before);
  });
});

describe("service", () => {
  const c = CASES.find((x) => x.path === "/api/service")!;

  it('the slug is made from the title, unique ("-2"), and GET /{slug} works like GET /{id}', async () => {
    const first = await createOk(c, { title: "Compressor Maintenance & Repair" });
    expect(first.slug).toBe("compressor-maintenance-and-repair");
    const second = await createOk(c, { title: "Compressor Maintenance & Repair" });
    expect(second.slug).toBe("compressor-maintenance-and-repair-2");
    const bySlug = await s.request("GET", `${c.path}/${first.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(first);
    expect((await s.request("GET", `${c.path}/${second.slug}`)).body._id).toBe(second._id);
  });

  it("the slug is editable; renaming keeps the old slug unless a new one is given", async () => {
    const created = await createOk(c, { title: "Air Audit" });
    expect(created.slug).toBe("air-audit");
    const renamed = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ title: "Energy Audit" }), token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: "Energy Audit", slug: "air-audit" });
    const reslugged = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ slug: "energy-audit" }), token });
    expect(reslugged.status).toBe(200);
    expect(reslugged.body.slug).toBe("energy-audit");
    expect((await s.request("GET", `${c.path}/energy-audit`)).body._id).toBe(created._id);
    expectError(await s.request("GET", `${c.path}/air-audit`), 404);
    // an explicit slug on create
    const own = await createOk(c, { slug: "my-own-slug" });
    expect(own.slug).toBe("my-own-slug");
  });

  it("a slug used by another service → 409 (create and update), nothing changes", async () => {
    const taken = await createOk(c, { slug: "taken-slug" });
    const other = await createOk(c);
    const before = await list(c);
    const files = uploads();
    // the image is stored before the slug is checked: it must be removed again
    const dup = await createVia(c, { ...c.sample(tag()), slug: "taken-slug" }, await png());
    expectError(dup, 409);
    const upd = await s.request("PUT", `${c.path}/${other._id}`, {
      form: formOf({ slug: "taken-slug", title: "Should not stick" }, { mainImage: await png() }),
      token,
    });
    expectError(upd, 409);
    expect(await list(c)).toEqual(before);
    expect(uploads()).toEqual(files);
    expect((await s.request("GET", `${c.path}/taken-slug`)).body._id).toBe(taken._id);
  });

  it('an invalid slug ("Bad Slug!") → 400', async () => {
    const before = await list(c);
    expectValidation(await createVia(c, { ...c.sample(tag()), slug: "Bad Slug!" }, await png()), ["slug"]);
    const created = await createOk(c);
    expectValidation(await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ slug: "Bad Slug!" }), token }), [
      "slug",
    ]);
    expect((await s.request("GET", `${c.path}/${created._id}`)).body.slug).toBe(created.slug);
    expect((await list(c)).length).toBe(before.length + 1);
  });

  it("benefits: JSON text of strings, trimmed, blanks and duplicates dropped", async () => {
    const created = await createOk(c, {
      benefits: JSON.stringify([" Less downtime ", "", "Less downtime", "  ", "Lower bills"]),
    });
    expect(created.benefits).toEqual(["Less downtime", "Lower bills"]);
    expect((await createOk(c)).benefits).toEqual([]);
    const updated = await s.request("PUT", `${c.path}/${created._id}`, { form: formOf({ benefits: ["One"] }), token });
    expect(updated.body.benefits).toEqual(["One"]);
  });

  it('bad JSON text in "benefits" → 400 naming the field; nothing stored', async () => {
    const before = await list(c);
    const files = uploads();
    const res = await createVia(c, { ...c.sample(tag()), benefits: "oops[" }, await png());
    expectError(res, 400);
    expect(res.body.message).toContain("benefits");
    expect(await list(c)).toEqual(before);
    expect(uploads()).toEqual(files);
  });

  it("the image may also be uploaded in the field `image`", async () => {
    const res = await s.request("POST", c.path, { form: formOf(c.sample(tag()), { image: await png() }), token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.image).toMatch(UPLOAD_URL);
    const upd = await s.request("PUT", `${c.path}/${res.body._id}`, { form: formOf({}, { image: await png() }), token });
    expect(upd.status).toBe(200);
    expect(upd.body.image).not.toBe(res.body.image);
    await forgetHistory();
    expectFilesExist(res.body.image, false);
  });

  it("PUT and DELETE also find a service by its slug", async () => {
    const created = await createOk(c, { title: "Pipeline Design" });
    const upd = await s.request("PUT", `${c.path}/pipeline-design`, { form: formOf({ description: "By slug" }), token });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ _id: created._id, description: "By slug", slug: "pipeline-design" });
    expect((await s.request("DELETE", `${c.path}/pipeline-design`, { token })).status).toBe(200);
    expectError(await s.request("GET", `${c.path}/${created._id}`), 404);
  });
});
