ALTER TABLE "deals" ADD COLUMN "value_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Values staff set before now stay theirs; deals without one take their quotations' (issue 45).
UPDATE "deals" SET "value_by_hand" = true WHERE "expected_value_paise" IS NOT NULL;--> statement-breakpoint
UPDATE "deals" d SET "expected_value_paise" = (
  SELECT q."total_paise" FROM "quotations" q
  WHERE q."deal_id" = d."id" AND q."status" IN ('sent', 'viewed', 'accepted')
  ORDER BY q."status" = 'accepted' DESC, q."created_at" DESC, q."id" DESC
  LIMIT 1
)
WHERE d."expected_value_paise" IS NULL
  AND EXISTS (SELECT 1 FROM "quotations" q WHERE q."deal_id" = d."id" AND q."status" IN ('sent', 'viewed', 'accepted'));
