import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHistoryRetention } from "../../server/content/history";
import { queryRows } from "../../server/db/client";
import { LIST_CONTENT } from "../../shared/content/registry";
import { ID, png, serverHelpers, UPLOAD_URL } from "../support/content-api";
import { formOf } from "../support/images";
import { startTestServer, type TestResponse, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * History (versions, compare, restore) and the trash (restore with images, delete for good, 409 rules),
 * for every content type: the list types come from the declarations, then category, product and settings.
 */

let s: TestServer;
let token: string;
const { expectFilesExist } = serverHelpers(() => ({ s, token }));

beforeAll(async () => {
  s = await startTestServer({ REVISIONS_KEEP: "4" });
  token = await s.login();
});
afterAll(() => s?.close());

const ok = async (p: Promise<TestResponse>, status = 200) => {
  const res = await p;
  expect(res.status, res.text).toBe(status);
  return res.body;
};

/** The first free-text field a staff member edits (what the test changes). */
const textField = (c: (typeof LIST_CONTENT)[number]) =>
  c.form.find((f) => f.control === "textarea")?.name ?? c.form.find((f) => f.control === "text")!.name;

describe("history of every list type", () => {
  for (const c of LIST_CONTENT) {
    it(`${c.name}: every save is a version; one can be compared with now and restored`, async () => {
      const field = textField(c);
      const created = await ok(
        s.request("POST", `/api${c.path}`, { token, json: { ...c.example, image: "https://example.com/first.jpg" } }),
        201,
      );
      const id = created._id as string;
      const firstValue = created[field];
      await ok(s.request("PUT", `/api${c.path}/${id}`, { token, json: { [field]: "Second wording." } }));
      const versions = await ok(s.request("GET", `/api${c.path}/${id}/revisions`, { token }));
      expect(versions.map((v: { action: string }) => v.action)).toEqual(["update", "create"]);
      expect(versions[0]).toMatchObject({ current: true, actorName: "admin", _id: expect.stringMatching(ID) });
      expect(versions[1].current).toBe(false);

      const first = await ok(s.request("GET", `/api${c.path}/${id}/revisions/${versions[1]._id}`, { token }));
      expect(first.data[field]).toBe(firstValue);
      expect(first.current[field]).toBe("Second wording.");
      const label = c.form.find((f) => f.name === field)!.label;
      expect(versions[0].changed).toEqual([label]);
      expect(versions[1].changed).toEqual([]);
      expect(first.changes).toEqual([{ field, label, revision: firstValue, current: "Second wording." }]);

      const restored = await ok(s.request("POST", `/api${c.path}/${id}/revisions/${versions[1]._id}/restore`, { token }));
      expect(restored.data[field]).toBe(firstValue);
      expect(restored.data._id).toBe(id);
      expect((await ok(s.request("GET", `/api${c.path}/${id}`)))[field]).toBe(firstValue);
      const after = await ok(s.request("GET", `/api${c.path}/${id}/revisions`, { token }));
      expect(after.map((v: { action: string }) => v.action)).toEqual(["restore", "update", "create"]);
    });
  }

  it("each version names the fields it changed, by their labels, in the form's order", async () => {
    const created = await ok(
      s.request("POST", "/api/our-team", {
        token,
        json: { name: "A. Ravi", position: "Fitter", image: "https://example.com/r.jpg" },
      }),
      201,
    );
    const path = `/api/our-team/${created._id}`;
    await ok(s.request("PUT", path, { token, json: { position: "Senior fitter", name: "A. Ravi Kumar" } }));
    await ok(s.request("PUT", path, { token, json: { description: "Twenty years with us." } }));
    await ok(s.request("PUT", path, { token, json: { description: "Twenty years with us." } }));
    const versions = await ok(s.request("GET", `${path}/revisions`, { token }));
    expect(versions.map((v: { changed: string[] }) => v.changed)).toEqual([[], ["Description"], ["Name", "Position"], []]);
  });

  it("a settings version names the settings it changed by their declared labels", async () => {
    await ok(s.request("PUT", "/api/settings", { token, json: { tagline: "First tagline" } }));
    await ok(
      s.request("PUT", "/api/settings", {
        token,
        json: { whatsapp: "+91 98765 43210", mapUrl: "https://maps.example/pneuma", tagline: "Second tagline" },
      }),
    );
    const versions = await ok(s.request("GET", "/api/settings/site/revisions", { token }));
    // In the form's order, by the labels the Settings screen shows ("Map link", not the key's "Map url").
    expect(versions[0].changed).toEqual(["Tagline", "Map link", "WhatsApp number"]);
  });

  it("keeps the newest REVISIONS_KEEP versions, and the retention job deletes the rest with images nothing uses", async () => {
    const created = await ok(
      s.request("POST", "/api/banner", { token, form: formOf({ title: "v0" }, { image: await png(40, 30) }) }),
      201,
    );
    const images = [created.image as string];
    for (let i = 1; i <= 5; i++) {
      const saved = await ok(
        s.request("PUT", `/api/banner/${created._id}`, {
          token,
          form: formOf({ title: `v${i}` }, { image: await png(40 + i, 30) }),
        }),
      );
      images.push(saved.image);
    }
    for (const url of images) expect(url).toMatch(UPLOAD_URL);
    // Replaced images stay on disk while a kept version uses them.
    for (const url of images) expectFilesExist(url, true);
    const listed = await ok(s.request("GET", `/api/banner/${created._id}/revisions`, { token }));
    expect(listed).toHaveLength(4);

    const result = await runHistoryRetention(s.ctx);
    expect(result.versions).toBeGreaterThanOrEqual(2);
    const [count] = await queryRows<{ n: number }>(
      s.ctx.db,
      sql`SELECT count(*)::int AS n FROM revisions WHERE record_id = ${created._id}`,
    );
    expect(count!.n).toBe(4);
    // v0 and v1 are gone with their versions; v2–v5 are still used by a kept version.
    expectFilesExist(images[0]!, false);
    expectFilesExist(images[1]!, false);
    for (const url of images.slice(2)) expectFilesExist(url, true);
  });

  it("a record from before history was kept gets its earlier state as the first version", async () => {
    const created = await ok(s.request("POST", "/api/faq", { token, json: { question: "Old?", answer: "From before." } }), 201);
    await s.ctx.db.execute(sql`DELETE FROM revisions WHERE record_id = ${created._id}`);
    await ok(s.request("PUT", `/api/faq/${created._id}`, { token, json: { answer: "Changed." } }));
    const versions = await ok(s.request("GET", `/api/faq/${created._id}/revisions`, { token }));
    expect(versions).toHaveLength(2);
    const first = await ok(s.request("GET", `/api/faq/${created._id}/revisions/${versions[1]._id}`, { token }));
    expect(first.data.answer).toBe("From before.");
  });

  it("answers 404 for unknown records and versions, and needs the content role", async () => {
    expect((await s.request("GET", "/api/banner/0123456789abcdef01234567/revisions", { token })).status).toBe(404);
    const faq = await ok(s.request("POST", "/api/faq", { token, json: { question: "Q?", answer: "A." } }), 201);
    expect((await s.request("GET", `/api/faq/${faq._id}/revisions/0123456789abcdef01234567`, { token })).status).toBe(404);
    expect((await s.request("POST", `/api/faq/${faq._id}/revisions/nope/restore`, { token })).status).toBe(404);
    expect((await s.request("GET", `/api/faq/${faq._id}/revisions`)).status).toBe(401);
    const sales = await addStaff(s, token, "sales", "history-sales");
    const refused = await s.request("GET", `/api/faq/${faq._id}/revisions`, { token: sales.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (sales) cannot see or restore the history of FAQ questions.");
  });
});

describe("history of categories, products and settings", () => {
  it("category: restoring a version brings back its subcategories, unless products use what it lacks", async () => {
    const created = await ok(
      s.request("POST", "/api/category", {
        token,
        json: { name: "Dryers", subcategories: [{ name: "Refrigerated" }, { name: "Desiccant" }] },
      }),
      201,
    );
    const cat = created.data;
    const [fridge, desiccant] = cat.subcategories;
    await ok(
      s.request("PUT", `/api/category/${cat._id}`, {
        token,
        json: { name: "Air Dryers", subcategories: [{ _id: fridge._id, name: "Fridge" }] },
      }),
    );
    const versions = await ok(s.request("GET", `/api/category/${cat._id}/revisions`, { token }));
    const restored = await ok(s.request("POST", `/api/category/${cat._id}/revisions/${versions[1]._id}/restore`, { token }));
    expect(restored.data.name).toBe("Dryers");
    expect(restored.data.subcategories.map((x: { _id: string; name: string }) => [x._id, x.name])).toEqual([
      [fridge._id, "Refrigerated"],
      [desiccant._id, "Desiccant"],
    ]);

    // A product in "Desiccant": the version without it cannot be restored (409), and nothing changes.
    await ok(
      s.request("POST", "/api/product", {
        token,
        json: {
          name: "DD 200",
          categoryId: cat._id,
          subcategoryId: desiccant._id,
          shortDescription: "Short.",
          fullDescription: "Full.",
          mainImage: "https://example.com/dd.jpg",
        },
      }),
      201,
    );
    const refused = await s.request("POST", `/api/category/${cat._id}/revisions/${versions[0]._id}/restore`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cannot be restored/);
    expect((await ok(s.request("GET", `/api/category/${cat._id}`))).data.subcategories).toHaveLength(2);
  });

  it("product: a version is restored with its price and name", async () => {
    const cat = (await ok(s.request("POST", "/api/category", { token, json: { name: "Boosters" } }), 201)).data;
    const p = (
      await ok(
        s.request("POST", "/api/product", {
          token,
          json: {
            name: "Booster 40",
            categoryId: cat._id,
            price: 150000,
            shortDescription: "Short.",
            fullDescription: "Full.",
            mainImage: "https://example.com/b.jpg",
          },
        }),
        201,
      )
    ).data;
    await ok(s.request("PUT", `/api/product/${p._id}`, { token, json: { name: "Booster 40 bar", price: 175000 } }));
    const versions = await ok(s.request("GET", `/api/product/${p._id}/revisions`, { token }));
    const diff = await ok(s.request("GET", `/api/product/${p._id}/revisions/${versions[1]._id}`, { token }));
    expect(diff.changes.map((x: { field: string }) => x.field)).toEqual(expect.arrayContaining(["name", "price"]));
    await ok(s.request("POST", `/api/product/${p._id}/revisions/${versions[1]._id}/restore`, { token }));
    const now = await ok(s.request("GET", `/api/product/${p._id}`));
    expect([now.name, now.price]).toEqual(["Booster 40", 150000]);
  });

  it("site settings are one record: /api/settings/site/revisions", async () => {
    await ok(s.request("PUT", "/api/settings", { token, json: { companyName: "Pneuma One" } }));
    await ok(s.request("PUT", "/api/settings", { token, json: { companyName: "Pneuma Two" } }));
    const versions = await ok(s.request("GET", "/api/settings/site/revisions", { token }));
    expect(versions.length).toBeGreaterThanOrEqual(2);
    await ok(s.request("POST", `/api/settings/site/revisions/${versions[1]._id}/restore`, { token }));
    expect((await ok(s.request("GET", "/api/settings"))).companyName).toBe("Pneuma One");
    expect((await s.request("GET", "/api/settings/other/revisions", { token })).status).toBe(404);
  });
});

describe("trash", () => {
  for (const c of LIST_CONTENT) {
    it(`${c.name}: delete moves it to the trash with its image; restore brings it back as it was`, async () => {
      const upload = c.image?.uploadFields[0];
      const created = await ok(
        s.request("POST", `/api${c.path}`, {
          token,
          json: { ...c.example, ...(upload ? { image: "https://example.com/x.jpg" } : {}) },
        }),
        201,
      );
      // Types with an image get an uploaded one, which must survive the trash.
      const saved = upload
        ? await ok(s.request("PUT", `/api${c.path}/${created._id}`, { token, form: formOf({}, { [upload]: await png(50, 40) }) }))
        : created;
      const image = upload ? (saved.image as string) : null;
      if (image) expect(image).toMatch(UPLOAD_URL);

      expect((await ok(s.request("DELETE", `/api${c.path}/${created._id}`, { token }))).message).toBe(
        `${c.label} deleted successfully.`,
      );
      expect((await s.request("GET", `/api${c.path}/${created._id}`)).status).toBe(404);
      expect((await ok(s.request("GET", `/api${c.path}`))).some((x: { _id: string }) => x._id === created._id)).toBe(false);
      if (image) expectFilesExist(image, true);
      const trashed = (await ok(s.request("GET", "/api/trash", { token }))).find(
        (t: { recordId: string }) => t.recordId === created._id,
      );
      expect(trashed).toMatchObject({ type: c.name, typeLabel: c.label, deletedBy: "admin", deletedAt: expect.any(String) });

      const back = await ok(s.request("POST", `/api/trash/${c.path.slice(1)}/${created._id}/restore`, { token }));
      expect(back.message).toBe(`${c.label} restored successfully!`);
      const now = await ok(s.request("GET", `/api${c.path}/${created._id}`));
      expect({ ...now, updatedAt: undefined }).toEqual({ ...saved, updatedAt: undefined });
      if (image) expectFilesExist(image, true);
      expect(
        (await ok(s.request("GET", "/api/trash", { token }))).some((t: { recordId: string }) => t.recordId === created._id),
      ).toBe(false);
      const versions = await ok(s.request("GET", `/api${c.path}/${created._id}/revisions`, { token }));
      expect(versions[0].action).toBe("restore");
    });
  }

  it("delete forever is for owners, and removes the images nothing else uses", async () => {
    const created = await ok(
      s.request("POST", "/api/banner", { token, form: formOf({ title: "Gone" }, { image: await png(61, 41) }) }),
      201,
    );
    await ok(s.request("DELETE", `/api/banner/${created._id}`, { token }));
    const editor = await addStaff(s, token, "editor", "trash-editor");
    const refused = await s.request("DELETE", `/api/trash/banner/${created._id}`, { token: editor.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your role (editor) cannot delete from the trash for good.");
    expect((await s.request("GET", "/api/trash", { token: editor.token })).status).toBe(200);
    expectFilesExist(created.image, true);
    await ok(s.request("DELETE", `/api/trash/banner/${created._id}`, { token }));
    expectFilesExist(created.image, false);
    expect((await s.request("POST", `/api/trash/banner/${created._id}/restore`, { token })).status).toBe(404);
    expect((await s.request("DELETE", `/api/trash/banner/${created._id}`, { token })).status).toBe(404);
    expect((await s.request("GET", "/api/trash/whatever/x/restore", { token })).status).toBe(404);
  });

  it("a trashed record's slug stays taken", async () => {
    const first = await ok(
      s.request("POST", "/api/service", {
        token,
        json: {
          ...LIST_CONTENT.find((c) => c.name === "service")!.example,
          title: "Pipe Audits",
          image: "https://example.com/p.jpg",
        },
      }),
      201,
    );
    await ok(s.request("DELETE", `/api/service/${first._id}`, { token }));
    const second = await ok(
      s.request("POST", "/api/service", {
        token,
        json: {
          ...LIST_CONTENT.find((c) => c.name === "service")!.example,
          title: "Pipe Audits",
          image: "https://example.com/p.jpg",
        },
      }),
      201,
    );
    expect(second.slug).not.toBe(first.slug);
    const taken = await s.request("PUT", `/api/service/${second._id}`, { token, json: { slug: first.slug } });
    expect(taken.status).toBe(409);
    await ok(s.request("POST", `/api/trash/service/${first._id}/restore`, { token }));
    expect((await ok(s.request("GET", `/api/service/${first.slug}`)))._id).toBe(first._id);
  });

  it("the 409 rules hold: a category with products cannot be deleted; a product whose category is gone says what to restore first", async () => {
    const cat = (await ok(s.request("POST", "/api/category", { token, json: { name: "Vacuum Pumps" } }), 201)).data;
    const product = (
      await ok(
        s.request("POST", "/api/product", {
          token,
          json: {
            name: "VP 10",
            categoryId: cat._id,
            shortDescription: "Short.",
            fullDescription: "Full.",
            mainImage: "https://example.com/vp.jpg",
          },
        }),
        201,
      )
    ).data;
    expect((await s.request("DELETE", `/api/category/${cat._id}`, { token })).status).toBe(409);
    expect((await ok(s.request("GET", "/api/trash", { token }))).some((t: { recordId: string }) => t.recordId === cat._id)).toBe(
      false,
    );

    await ok(s.request("DELETE", `/api/product/${product._id}`, { token }));
    await ok(s.request("DELETE", `/api/category/${cat._id}`, { token }));
    const refused = await s.request("POST", `/api/trash/product/${product._id}/restore`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This product cannot be restored while its category is deleted: restore the category “Vacuum Pumps” from the trash first.",
    );
    await ok(s.request("POST", `/api/trash/category/${cat._id}/restore`, { token }));
    const back = await ok(s.request("POST", `/api/trash/product/${product._id}/restore`, { token }));
    expect(back.data.categoryId).toMatchObject({ _id: cat._id, name: "Vacuum Pumps" });
    expect((await ok(s.request("GET", `/api/product/${product.slug}`)))._id).toBe(product._id);
  });

  it("is emptied after TRASH_DAYS by the retention job, images included", async () => {
    const created = await ok(
      s.request("POST", "/api/banner", { token, form: formOf({ title: "Old" }, { image: await png(71, 41) }) }),
      201,
    );
    await ok(s.request("DELETE", `/api/banner/${created._id}`, { token }));
    await s.ctx.db.execute(sql`UPDATE trash SET deleted_at = now() - interval '31 days' WHERE record_id = ${created._id}`);
    const result = await runHistoryRetention(s.ctx);
    expect(result.trashed).toBe(1);
    expect(
      (await ok(s.request("GET", "/api/trash", { token }))).some((t: { recordId: string }) => t.recordId === created._id),
    ).toBe(false);
    expectFilesExist(created.image, false);
    const [left] = await queryRows<{ n: number }>(
      s.ctx.db,
      sql`SELECT count(*)::int AS n FROM revisions WHERE record_id = ${created._id}`,
    );
    expect(left!.n).toBe(0);
  });
});
