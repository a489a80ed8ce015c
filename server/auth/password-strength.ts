import { newPasswordSchema } from "../../shared/schemas/login";

/**
 * Refuses passwords that are easy to guess, with the reason in words. zxcvbn-ts estimates how many
 * guesses a cracker needs (common passwords, names, words, dates, keyboard runs, l33t); score 3 means about
 * 10^8 guesses or more. Its dictionaries take ~25 MB of memory, so they load on the first password set,
 * not at start.
 */
const MIN_SCORE = 3;

type Checker = (
  password: string,
  userInputs: string[],
) => Promise<{ score: number; warning: string | null; suggestions: string[] }>;
let checker: Promise<Checker> | null = null;

function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
    return async (password, userInputs) => {
      const result = await zxcvbn.check(password, userInputs);
      return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
    };
  })();
  return checker;
}

/**
 * Null when the password may be used, else why not. `context` is what the password must not be built
 * from: the username, name and e-mail of its account.
 */
export async function passwordProblem(password: string, context: string[] = []): Promise<string | null> {
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? "The password is not valid.";
  const inputs = [
    "pneuma",
    "admin",
    "compressor",
    "compressors",
    "salem",
    ...context.flatMap((c) => c.toLowerCase().split(/[\s@.]+/)),
  ].filter((c) => c.length >= 3);
  const check = await (await loadChecker())(password, inputs);
  if (check.score >= MIN_SCORE) return null;
  const reasons = [check.warning, ...check.suggestions].filter((t): t is string => Boolean(t));
  return [
    "This password is too easy to guess.",
    ...(reasons.length ? reasons : ["Add another word or two; uncommon words are better."]),
  ].join(" ");
}
