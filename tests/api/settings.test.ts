import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicSiteSettings } from "../../shared/content/settings";
import { DEFAULT_SITE_SETTINGS } from "../../shared/schemas/defaults";
import { startTestServer, type TestServer } from "../support/server";

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});
afterAll(async () => {
  await s.close();
});

describe("/api/settings", () => {
  it("is public to read, with defaults before anything is saved (staff read every field)", async () => {
    const res = await s.request("GET", "/api/settings");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(publicSiteSettings(DEFAULT_SITE_SETTINGS));
    expect((await s.request("GET", "/api/settings", { token })).body).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it("answers anyone only what the public pages show: the enquiry notification addresses are for staff", async () => {
    const notifications = { quotes: ["quotes-desk@test.example"], services: ["service-desk@test.example"], messages: [] };
    const saved = await s.request("PUT", "/api/settings", { token, json: { notifications } });
    expect(saved.status).toBe(200);
    expect(saved.body.notifications).toEqual(notifications);
    for (let i = 0; i < 2; i++) {
      // The second answer comes from the response cache: the same public bytes.
      const anonymous = await s.request("GET", "/api/settings");
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).not.toHaveProperty("notifications");
      expect(anonymous.text).not.toContain("desk@test.example");
      expect(anonymous.body.companyName).toBe(saved.body.companyName);
    }
    const staff = await s.request("GET", "/api/settings", { token });
    expect(staff.body.notifications).toEqual(notifications);
    expect(staff.headers.get("cache-control")).toBe("no-store");
    const stale = await s.request("GET", "/api/settings", { token: "not-a-session" });
    expect(stale.status).toBe(401);
    expect(stale.text).not.toContain("desk@test.example");
  });

  it("saves the fields given and keeps the rest", async () => {
    const res = await s.request("PUT", "/api/settings", {
      token,
      json: {
        companyName: "Test Air Co",
        phones: [{ label: "Sales", value: "+91 427 200 0001" }],
        emails: [{ label: "Sales", value: "sales@test.example" }],
        homeSpecifications: [{ label: "Pressure", value: "7 – 13 bar" }],
        social: { linkedin: "https://www.linkedin.com/company/test" },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.companyName).toBe("Test Air Co");
    expect(res.body.workingHours).toEqual(DEFAULT_SITE_SETTINGS.workingHours);
    expect(res.body.social).toEqual({
      facebook: "",
      linkedin: "https://www.linkedin.com/company/test",
      x: "",
      instagram: "",
      youtube: "",
    });
    const read = await s.request("GET", "/api/settings", { token });
    expect(read.body).toEqual(res.body);
  });

  it("rejects bad values with 400 and keeps what was saved", async () => {
    const before = (await s.request("GET", "/api/settings")).body;
    for (const json of [
      { companyName: "" },
      { emails: [{ label: "x", value: "not-an-email" }] },
      { social: { facebook: "javascript:alert(1)" } },
      { homeSpecifications: "rows" },
      { phones: [{ label: "x", value: "call me" }] },
    ]) {
      const res = await s.request("PUT", "/api/settings", { token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.issues.length).toBeGreaterThan(0);
    }
    expect((await s.request("GET", "/api/settings")).body).toEqual(before);
  });

  it('has a public price note, "Ex-works Salem. GST 18% extra." until staff change it (issue 30)', async () => {
    // A record saved before the field existed reads with the default (JSONB, no migration).
    expect((await s.request("GET", "/api/settings")).body.priceNote).toBe("Ex-works Salem. GST 18% extra.");
    const saved = await s.request("PUT", "/api/settings", {
      token,
      json: { priceNote: "  Ex-works Salem. GST 18% extra. Freight at cost.  " },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.priceNote).toBe("Ex-works Salem. GST 18% extra. Freight at cost.");
    expect((await s.request("GET", "/api/settings")).body.priceNote).toBe("Ex-works Salem. GST 18% extra. Freight at cost.");
    for (const priceNote of ["x".repeat(201), 18, ["GST"]]) {
      const res = await s.request("PUT", "/api/settings", { token, json: { priceNote } });
      expect(res.status, JSON.stringify(priceNote)).toBe(400);
      expect(res.body.issues[0].path).toBe("priceNote");
    }
    expect((await s.request("GET", "/api/settings")).body.priceNote).toBe("Ex-works Salem. GST 18% extra. Freight at cost.");
    // Empty: staff choose to show no note.
    expect((await s.request("PUT", "/api/settings", { token, json: { priceNote: "" } })).body.priceNote).toBe("");
  });

  it("keeps the company's GSTIN checked and in capitals, for staff only (quotations print it)", async () => {
    const bad = await s.request("PUT", "/api/settings", { token, json: { gstin: "33AAKCP1998Q1ZJ" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("GSTIN's last character does not match: check for a typing mistake.");
    const saved = await s.request("PUT", "/api/settings", { token, json: { gstin: "33aakcp1998q1zi" } });
    expect(saved.status).toBe(200);
    expect(saved.body.gstin).toBe("33AAKCP1998Q1ZI");
    expect((await s.request("GET", "/api/settings")).body).not.toHaveProperty("gstin");
    expect((await s.request("PUT", "/api/settings", { token, json: { gstin: "" } })).body.gstin).toBe("");
  });

  it("needs a token to write", async () => {
    const res = await s.request("PUT", "/api/settings", { json: { companyName: "Hijacked" } });
    expect(res.status).toBe(401);
    expect((await s.request("GET", "/api/settings")).body.companyName).not.toBe("Hijacked");
  });
});

describe("general API behaviour", () => {
  it("GET /api/health answers {status: ok}", async () => {
    const res = await s.request("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("answers unknown /api paths with a JSON 404, never the HTML page", async () => {
    for (const path of ["/api/nothing-here", "/api/banner/a/b/c", "/api/", "/api/auth/unknown"]) {
      const res = await s.request("GET", path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.message).toBe(res.body.error);
    }
    expect((await s.request("PATCH", "/api/banner", { token })).status).toBe(404);
  });

  it("matches paths case-insensitively", async () => {
    expect((await s.request("GET", "/api/Testimonial")).status).toBe(200);
    expect((await s.request("GET", "/api/BANNER")).status).toBe(200);
    expect((await s.request("GET", "/API/category")).status).toBe(200);
  });

  it("sets security headers on every response", async () => {
    const res = await s.request("GET", "/api/banner");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain("nonce-"); // only staff screens have inline scripts
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends the same policy on every API answer (nonces are for staff screens: tests/api/response-cache.test.ts)", async () => {
    const policy = async () => (await s.request("GET", "/api/banner")).headers.get("content-security-policy");
    expect(await policy()).toBe(await policy());
  });

  it("answers a too large JSON body with 413", async () => {
    const res = await s.request("POST", "/api/contacts", { json: { name: "x".repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(res.body.error);
  });
});
