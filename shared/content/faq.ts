import { type ContentOutput, defineList } from "./define";
import { longText, text } from "./fields";

/** The questions answered on the contact page (#faq), in the staff's order. */
export const faqContent = defineList("faq", {
  label: "Question",
  plural: "FAQ questions",
  path: "/faq",
  table: "faqs",
  fields: {
    question: text("Question", { required: true }),
    answer: longText("Answer", { required: true, rows: 6 }),
  },
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
    reorder: true,
    card: (q) => ({ title: q.question, body: q.answer }),
  },
  example: { question: "Do you service other makes?", answer: "Yes, most common makes." },
});

export type Faq = ContentOutput<typeof faqContent>;
