-- Every additional image of a product gets an alt text (issue 46), as 0021 gave main images their product's
-- name: one that has none (no entry, or an empty one not marked decorative) gets the product's name, and
-- the texts and marks are as many as the images. Also for databases that ran 0021 already.
UPDATE "products" SET
  "additional_images_alt" = (
    SELECT coalesce(jsonb_agg(
      CASE
        WHEN coalesce("additional_images_alt" ->> (i - 1)::int, '') = ''
          AND coalesce(("additional_images_decorative" ->> (i - 1)::int)::boolean, false) = false
        THEN to_jsonb("name")
        ELSE "additional_images_alt" -> (i - 1)::int
      END ORDER BY i), '[]'::jsonb)
    FROM generate_series(1, jsonb_array_length("additional_images")) AS i
  ),
  "additional_images_decorative" = (
    SELECT coalesce(jsonb_agg(coalesce("additional_images_decorative" -> (i - 1)::int, 'false'::jsonb) ORDER BY i), '[]'::jsonb)
    FROM generate_series(1, jsonb_array_length("additional_images")) AS i
  )
WHERE jsonb_array_length("additional_images_alt") <> jsonb_array_length("additional_images")
  OR jsonb_array_length("additional_images_decorative") <> jsonb_array_length("additional_images")
  OR EXISTS (
    SELECT 1 FROM generate_series(1, jsonb_array_length("additional_images")) AS i
    WHERE coalesce("additional_images_alt" ->> (i - 1)::int, '') = ''
      AND coalesce(("additional_images_decorative" ->> (i - 1)::int)::boolean, false) = false
  );--> statement-breakpoint
-- The content-change trigger of these updates fires at the commit; a later migration that alters products in
-- the same upgrade could not (see 0023): fire it now.
SET CONSTRAINTS ALL IMMEDIATE;
