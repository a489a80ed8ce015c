/** A file an outbox e-mail carries, named by what it is made from: it is made again at each try. */
export type OutboxAttachment = { kind: "quotation-pdf"; quotationId: string };
