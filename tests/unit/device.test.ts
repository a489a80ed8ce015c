import { describe, expect, it } from "vitest";
import { describeDevice } from "../../server/auth/device";

describe("describeDevice (My account's list of sessions)", () => {
  it("names the common browsers and systems", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Chrome on Windows",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0",
        "Edge on Windows",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari on iOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
        "Samsung Internet on Android",
      ],
      ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on macOS"],
      ["curl/8.5.0", "curl"],
    ];
    for (const [ua, expected] of cases) expect(describeDevice(ua), ua).toBe(expected);
  });

  it("never shows the raw header for unknown clients", () => {
    expect(describeDevice("")).toBe("Unknown device");
    expect(describeDevice("<script>alert(1)</script>")).toBe("Unknown browser");
  });
});
