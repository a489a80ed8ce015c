import { text } from "drizzle-orm/pg-core";
import { z } from "zod";
import { LIMITS, position, requiredText } from "../schemas/fields";
import {
  blank,
  type ContentOutput,
  defineListContent,
  FILL_REQUIRED,
  type FieldErrors,
  listTable,
  sortColumn,
  withBaseFields,
} from "./define";

/** The questions answered on the contact page (#faq), in the staff's order. */
export const faqs = listTable(
  "faqs",
  {
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: sortColumn(),
  },
  "position",
);

export const faqContent = defineListContent("faq", {
  kind: "list",
  label: "Question",
  plural: "FAQ questions",
  path: "/faq",
  table: faqs,
  sortField: "position",
  input: z.object({
    question: requiredText("Question", LIMITS.title),
    answer: requiredText("Answer", LIMITS.text),
    position: position.optional(),
  }),
  toRow: (i) => ({ question: i.question, answer: i.answer, position: i.position ?? 0 }),
  toApi: (r) => withBaseFields(r, { question: r.question, answer: r.answer, position: r.position }),
  admin: {
    path: "faq",
    nav: { label: "FAQ", afterProducts: true },
    title: "FAQ Management",
    description: "The questions and answers on the contact page, in this order.",
    entity: "Question",
    noun: "question",
    texts: {
      fetchFailed: "Failed to fetch questions",
      empty: "No questions found",
      saveFallback: "Failed to save question",
      deleteFailed: "Failed to delete question",
    },
    fields: [
      { name: "question", label: "Question", kind: "text", required: true },
      { name: "answer", label: "Answer", kind: "textarea", required: true, rows: 6 },
    ],
    validate: (values) => {
      const errors: FieldErrors = {};
      for (const f of ["question", "answer"]) if (blank(values[f])) errors[f] = FILL_REQUIRED;
      return errors;
    },
    reorder: true,
    card: (q) => ({ title: q.question, body: q.answer }),
  },
  example: { question: "Do you service other makes?", answer: "Yes, most common makes." },
});

export type Faq = ContentOutput<typeof faqContent>;
